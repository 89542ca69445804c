import { AppError } from '../../http/app-error.ts';
import { rateLimitKeys } from '../../http/rate-limit-key.ts';

/**
 * Who asks for a password hash, for admission. `login` is the public sign-in work (log in,
 * register, the dummy check of an unknown username); `account` is everything a session asks
 * (payment password, the login password asked again, setting a password). Logins have a reserved
 * share of the queue and go first, so a flood of wrong payment passwords cannot starve them.
 */
export interface HashingAdmission {
  work: 'login' | 'account';
  /** The client address (request.ip); its network (/24, /64) is what gets a share. */
  address: string;
  /** The account the hash is for: `member:<id>` in a session, `user:<name>` at login. */
  account: string;
  /**
   * A login from the account's known device (a browser that signed in to it before): it goes
   * before every other hash, in places of its own, whatever its network's share (issue 35, item 4).
   */
  trusted?: boolean;
}

export interface HashingLimits {
  /** Hashes computing at once (each takes a libuv thread and a core for ~100 ms at N=2^17). */
  concurrency: number;
  /** Hashes waiting for a slot, all classes together; over it, RATE_LIMITED at once. */
  queue: number;
  /** Of `queue`, the places only logins may take. */
  loginReserve: number;
  /**
   * Hashes in flight (waiting or computing) per client network, and per account. The network is
   * the address's /24 for IPv4 and /64 for IPv6 (one subscriber's line holds a whole /64; a small
   * botnet's neighbours share a /24), so a flood from many addresses of few networks gets few places.
   */
  perAddress: number;
  perAccount: number;
  /** Places of trusted logins (known devices), besides `queue`; default max(8, loginReserve). */
  trustedReserve?: number;
}

const networkKeys = rateLimitKeys();

/** The network an address belongs to for the shares: IPv4 /24, IPv6 /64 (mapped IPv4 as IPv4). */
export function networkOf(address: string): string {
  const key = networkKeys(address);
  if (key.includes(':')) return `${key}/64`;
  const parts = key.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : key;
}

interface Job {
  admission: HashingAdmission | null;
  start: () => void;
}

/**
 * Admission and a bounded queue in front of the password hashes. scrypt already runs off the event
 * loop (node:crypto's async scrypt uses libuv's pool), but every call was queued there without a
 * bound: 32 wrong payment passwords put a login behind 32 hashes, and they shared the pool's four
 * threads with file and DNS work. Here a caller over its share is refused at once (429), never
 * left waiting; a login waits at most for the next free slot.
 */
export class HashingQueue {
  readonly #limits: HashingLimits;
  #running = 0;
  /** Trusted logins computing: one may run beside the full slots, so it never waits for a flood's hash. */
  #runningTrusted = 0;
  readonly #waiting = { trusted: [] as Job[], login: [] as Job[], account: [] as Job[] };
  readonly #byNetwork = new Map<string, number>();
  readonly #byAccount = new Map<string, number>();
  /** Logins taken in a row while account work waited: after 3, one account job goes (no starvation). */
  #loginStreak = 0;

  constructor(limits: HashingLimits) {
    if (limits.concurrency < 1 || limits.queue < limits.loginReserve) {
      throw new Error('hashing limits: concurrency ≥ 1 and queue ≥ loginReserve');
    }
    this.#limits = limits;
  }

  get limits(): HashingLimits {
    return this.#limits;
  }

  /** What is in flight now (for tests, metrics and the bench). */
  get load(): { running: number; waitingLogins: number; waitingAccount: number } {
    return {
      running: this.#running,
      waitingLogins: this.#waiting.login.length + this.#waiting.trusted.length,
      waitingAccount: this.#waiting.account.length,
    };
  }

  /**
   * Runs `task` when a slot is free. With an admission, refuses at once (RATE_LIMITED) when the
   * address or the account already has its share in flight, or the queue has no place for this
   * class. Without one (start-up seeding, internal work) only the slots bound it.
   */
  run<T>(admission: HashingAdmission | null, task: () => Promise<T>): Promise<T> {
    if (admission) {
      try {
        this.#admit(admission);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        admission,
        start: () => {
          const isTrusted = laneOf(admission) === 'trusted';
          this.#running += 1;
          if (isTrusted) this.#runningTrusted += 1;
          // The places are given back before the caller hears the answer, so its next hash is admitted.
          const finish = () => {
            this.#running -= 1;
            if (isTrusted) this.#runningTrusted -= 1;
            this.#release(admission);
            this.#dispatch();
          };
          task().then(
            (value) => {
              finish();
              resolve(value);
            },
            (error: unknown) => {
              finish();
              reject(error);
            },
          );
        },
      };
      this.#waiting[laneOf(admission)].push(job);
      this.#dispatch();
    });
  }

  #admit(admission: HashingAdmission): void {
    const { perAddress, perAccount, queue, loginReserve } = this.#limits;
    const network = networkOf(admission.address);
    const byNetwork = this.#byNetwork.get(network) ?? 0;
    const byAccount = this.#byAccount.get(admission.account) ?? 0;
    const waiting = this.#waiting.login.length + this.#waiting.account.length;
    if (laneOf(admission) === 'trusted') {
      // Its own places: a flood fills neither them nor its network's share.
      const trustedReserve = this.#limits.trustedReserve ?? Math.max(8, loginReserve);
      if (byAccount >= perAccount || this.#waiting.trusted.length >= trustedReserve) {
        throw new AppError('RATE_LIMITED', { value: { reason: 'password checks busy' } });
      }
    } else {
      const isSlotFree =
        this.#running < this.#limits.concurrency && waiting + this.#waiting.trusted.length === 0;
      const room = admission.work === 'login' ? queue : queue - loginReserve;
      if (byNetwork >= perAddress || byAccount >= perAccount || (!isSlotFree && waiting >= room)) {
        throw new AppError('RATE_LIMITED', { value: { reason: 'password checks busy' } });
      }
    }
    this.#byNetwork.set(network, byNetwork + 1);
    this.#byAccount.set(admission.account, byAccount + 1);
  }

  #release(admission: HashingAdmission | null): void {
    if (!admission) return;
    decrement(this.#byNetwork, networkOf(admission.address));
    decrement(this.#byAccount, admission.account);
  }

  #dispatch(): void {
    // One trusted login counts beside the slots (below), not in them.
    while (this.#running - Math.min(this.#runningTrusted, 1) < this.#limits.concurrency) {
      const job = this.#next();
      if (!job) return;
      job.start();
    }
    // Every slot busy: a known device's login still starts, in one extra slot of its own (the
    // trusted places are few and bounded per account, so this adds one hash at most).
    while (this.#runningTrusted < 1 && this.#waiting.trusted.length > 0) {
      this.#waiting.trusted.shift()?.start();
    }
  }

  #next(): Job | undefined {
    const { trusted, login, account } = this.#waiting;
    // Known devices first: few, each bounded per account, and the ones a flood must not delay.
    if (trusted.length > 0) return trusted.shift();
    const isAccountsTurn = account.length > 0 && (login.length === 0 || this.#loginStreak >= 3);
    if (isAccountsTurn) {
      this.#loginStreak = 0;
      return account.shift();
    }
    if (login.length > 0 && account.length > 0) this.#loginStreak += 1;
    return login.shift();
  }
}

function laneOf(admission: HashingAdmission | null): 'trusted' | 'login' | 'account' {
  if (!admission) return 'account';
  if (admission.work === 'login' && admission.trusted === true) return 'trusted';
  return admission.work;
}

function decrement(counts: Map<string, number>, key: string): void {
  const count = (counts.get(key) ?? 1) - 1;
  if (count <= 0) counts.delete(key);
  else counts.set(key, count);
}
