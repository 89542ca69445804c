import { AppError } from '../../http/app-error.ts';

/**
 * Who asks for a password hash, for admission. `login` is the public sign-in work (log in,
 * register, the dummy check of an unknown username); `account` is everything a session asks
 * (payment password, the login password asked again, setting a password). Logins have a reserved
 * share of the queue and go first, so a flood of wrong payment passwords cannot starve them.
 */
export interface HashingAdmission {
  work: 'login' | 'account';
  /** The client address (request.ip). */
  address: string;
  /** The account the hash is for: `member:<id>` in a session, `user:<name>` at login. */
  account: string;
}

export interface HashingLimits {
  /** Hashes computing at once (each takes a libuv thread and a core for ~100 ms at N=2^17). */
  concurrency: number;
  /** Hashes waiting for a slot, all classes together; over it, RATE_LIMITED at once. */
  queue: number;
  /** Of `queue`, the places only logins may take. */
  loginReserve: number;
  /** Hashes in flight (waiting or computing) per client address, and per account. */
  perAddress: number;
  perAccount: number;
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
  readonly #waiting = { login: [] as Job[], account: [] as Job[] };
  readonly #byAddress = new Map<string, number>();
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
      waitingLogins: this.#waiting.login.length,
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
          this.#running += 1;
          // The places are given back before the caller hears the answer, so its next hash is admitted.
          const finish = () => {
            this.#running -= 1;
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
      this.#waiting[admission?.work ?? 'account'].push(job);
      this.#dispatch();
    });
  }

  #admit(admission: HashingAdmission): void {
    const { perAddress, perAccount, queue, loginReserve } = this.#limits;
    const byAddress = this.#byAddress.get(admission.address) ?? 0;
    const byAccount = this.#byAccount.get(admission.account) ?? 0;
    const waiting = this.#waiting.login.length + this.#waiting.account.length;
    const isSlotFree = this.#running < this.#limits.concurrency && waiting === 0;
    const room = admission.work === 'login' ? queue : queue - loginReserve;
    if (byAddress >= perAddress || byAccount >= perAccount || (!isSlotFree && waiting >= room)) {
      throw new AppError('RATE_LIMITED', { value: { reason: 'password checks busy' } });
    }
    this.#byAddress.set(admission.address, byAddress + 1);
    this.#byAccount.set(admission.account, byAccount + 1);
  }

  #release(admission: HashingAdmission | null): void {
    if (!admission) return;
    decrement(this.#byAddress, admission.address);
    decrement(this.#byAccount, admission.account);
  }

  #dispatch(): void {
    while (this.#running < this.#limits.concurrency) {
      const job = this.#next();
      if (!job) return;
      job.start();
    }
  }

  #next(): Job | undefined {
    const { login, account } = this.#waiting;
    const isAccountsTurn = account.length > 0 && (login.length === 0 || this.#loginStreak >= 3);
    if (isAccountsTurn) {
      this.#loginStreak = 0;
      return account.shift();
    }
    if (login.length > 0 && account.length > 0) this.#loginStreak += 1;
    return login.shift();
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const count = (counts.get(key) ?? 1) - 1;
  if (count <= 0) counts.delete(key);
  else counts.set(key, count);
}
