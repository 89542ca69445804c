import { describe, expect, it } from 'vitest';
import { HashingQueue, networkOf, type HashingAdmission, type HashingLimits } from './hashing-queue.ts';

/** A task that finishes when the test says so, and records when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: () => {
      log.push(name);
      return done.then(() => name);
    },
    finish,
  };
}

const limits: HashingLimits = { concurrency: 1, queue: 4, loginReserve: 2, perAddress: 2, perAccount: 2 };
const payment = (address: string, account = `member:${address}`): HashingAdmission => ({
  work: 'account',
  address,
  account,
});
const login = (address: string, account = `user:${address}`): HashingAdmission => ({
  work: 'login',
  address,
  account,
});
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('HashingQueue admission', () => {
  it('runs at most `concurrency` hashes at once and the rest in order', async () => {
    const sut = new HashingQueue({ ...limits, concurrency: 2 });
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(log, name));
    const results = [
      sut.run(payment('1'), a!.task),
      sut.run(payment('2'), b!.task),
      sut.run(payment('3'), c!.task),
    ];
    expect(log).toEqual(['a', 'b']);
    expect(sut.load).toEqual({ running: 2, waitingLogins: 0, waitingAccount: 1 });
    a!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    b!.finish();
    c!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(sut.load).toEqual({ running: 0, waitingLogins: 0, waitingAccount: 0 });
  });

  it('refuses a caller over its share per address or per account at once, and admits it again when one ends', async () => {
    const sut = new HashingQueue(limits);
    const log: string[] = [];
    const first = gate(log, 'first');
    const second = gate(log, 'second');
    const running = sut.run(payment('10.0.0.1', 'member:1'), first.task);
    const queued = sut.run(payment('10.0.0.1', 'member:2'), second.task);
    // Third from the same address: refused, though the queue has room.
    await expect(sut.run(payment('10.0.0.1', 'member:3'), async () => 'x')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
    // The same account from other networks: two in flight, the third refused.
    const other = gate(log, 'other');
    const sameAccount = sut.run(payment('10.0.1.2', 'member:1'), other.task);
    await expect(sut.run(payment('10.0.2.3', 'member:1'), async () => 'x')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(log).toEqual(['first']);
    first.finish();
    await running;
    await settle();
    // One of the address's hashes ended: it may ask again.
    const again = gate(log, 'again');
    const admitted = sut.run(payment('10.0.0.1', 'member:4'), again.task);
    second.finish();
    other.finish();
    again.finish();
    expect(await Promise.all([queued, sameAccount, admitted])).toEqual(['second', 'other', 'again']);
  });

  it('keeps places of the queue for logins, and a waiting login goes before waiting payment checks', async () => {
    const sut = new HashingQueue(limits);
    const log: string[] = [];
    const busy = gate(log, 'busy');
    const running = sut.run(payment('p0'), busy.task);
    // queue 4, of which 2 for logins: two payment checks wait, the third is refused.
    const waitingPayments = ['p1', 'p2'].map((address) => gate(log, address));
    const paymentResults = waitingPayments.map((job, index) => sut.run(payment(`p${index + 1}`), job.task));
    await expect(sut.run(payment('p3'), async () => 'x')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // A login still finds a place, and is next when the running hash ends.
    const loginJob = gate(log, 'login');
    const loginResult = sut.run(login('l1'), loginJob.task);
    expect(sut.load).toEqual({ running: 1, waitingLogins: 1, waitingAccount: 2 });
    busy.finish();
    await running;
    await settle();
    expect(log).toEqual(['busy', 'login']);
    loginJob.finish();
    await loginResult;
    await settle();
    expect(log).toEqual(['busy', 'login', 'p1']);
    for (const job of waitingPayments) job.finish();
    expect(await Promise.all(paymentResults)).toEqual(['p1', 'p2']);
  });

  it('refuses logins too once the whole queue is full', async () => {
    const sut = new HashingQueue(limits);
    const log: string[] = [];
    const jobs = ['r', 'l1', 'l2', 'l3', 'l4'].map((name) => gate(log, name));
    const results = jobs.map((job, index) => sut.run(login(`a${index}`), job.task));
    await expect(sut.run(login('a9'), async () => 'x')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(sut.run(payment('b9'), async () => 'x')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    for (const job of jobs) job.finish();
    await Promise.all(results);
    expect(log).toEqual(['r', 'l1', 'l2', 'l3', 'l4']);
  });

  it('lets a payment check through after three logins in a row while it waits (no starvation)', async () => {
    const sut = new HashingQueue({ ...limits, queue: 10, loginReserve: 2 });
    const log: string[] = [];
    const busy = gate(log, 'busy');
    const first = sut.run(login('x'), busy.task);
    const paymentJob = gate(log, 'pay');
    const paymentResult = sut.run(payment('p'), paymentJob.task);
    const logins = ['l1', 'l2', 'l3', 'l4'].map((name) => gate(log, name));
    const loginResults = logins.map((job, index) => sut.run(login(`a${index}`), job.task));
    busy.finish();
    await first;
    for (const job of [...logins.slice(0, 3)]) {
      await settle();
      job.finish();
    }
    await settle();
    await settle();
    expect(log).toEqual(['busy', 'l1', 'l2', 'l3', 'pay']);
    paymentJob.finish();
    await paymentResult;
    logins[3]!.finish();
    await Promise.all(loginResults);
    expect(log.at(-1)).toBe('l4');
  });

  it('frees the places of a hash that fails', async () => {
    const sut = new HashingQueue({ ...limits, perAddress: 1 });
    await expect(
      sut.run(payment('f'), async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    expect(await sut.run(payment('f'), async () => 'again')).toBe('again');
    expect(sut.load).toEqual({ running: 0, waitingLogins: 0, waitingAccount: 0 });
  });

  it('bounds internal work (no admission) only by the slots', async () => {
    const sut = new HashingQueue({ ...limits, queue: 1, loginReserve: 0 });
    const log: string[] = [];
    const jobs = ['s1', 's2', 's3'].map((name) => gate(log, name));
    const results = jobs.map((job) => sut.run(null, job.task));
    expect(log).toEqual(['s1']);
    for (const job of jobs) {
      job.finish();
      await settle();
    }
    expect(await Promise.all(results)).toEqual(['s1', 's2', 's3']);
  });
});

describe('HashingQueue under a flood from many addresses (issue 35, item 4)', () => {
  it('gives a /24 and a /64 one share, however many addresses they hold', async () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe(networkOf('2001:db8:1:2:bbbb::2'));
    expect(networkOf('2001:db8:1:2::1')).not.toBe(networkOf('2001:db8:1:3::1'));
    const sut = new HashingQueue({ ...limits, queue: 16, loginReserve: 4 });
    const log: string[] = [];
    const jobs = ['a', 'b'].map((name) => gate(log, name));
    const running = [
      sut.run(login('198.51.100.1', 'user:a'), jobs[0]!.task),
      sut.run(login('198.51.100.2', 'user:b'), jobs[1]!.task),
    ];
    // A third address of the same /24: over the network's share (2).
    await expect(sut.run(login('198.51.100.3', 'user:c'), async () => 'x')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    const v6 = gate(log, 'v6');
    const v6a = sut.run(login('2001:db8::1', 'user:d'), v6.task);
    const v6b = sut.run(login('2001:db8::2', 'user:e'), async () => 'v6b');
    await expect(sut.run(login('2001:db8::3', 'user:f'), async () => 'x')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    for (const job of [...jobs, v6]) job.finish();
    expect(await Promise.all([...running, v6a, v6b])).toEqual(['a', 'b', 'v6', 'v6b']);
  });

  it("puts a known device's login first, in places a flood cannot take", async () => {
    const sut = new HashingQueue(limits);
    const log: string[] = [];
    const busy = gate(log, 'busy');
    const running = sut.run(login('192.0.2.1', 'user:bot0'), busy.task);
    // The flood fills the queue (4 places) from addresses of other networks.
    const flood = [1, 2, 3, 4].map((index) => gate(log, `bot${index}`));
    const floodResults = flood.map((job, index) =>
      sut.run(login(`192.0.${index + 10}.1`, `user:bot${index + 1}`), job.task),
    );
    await expect(sut.run(login('192.0.20.1', 'user:someone'), async () => 'x')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    // The real operator from their known device, from the flooded network itself: admitted, and it
    // starts at once in the trusted slot beside the busy one (it does not wait for the flood's hash).
    const real = gate(log, 'real');
    const realResult = sut.run({ ...login('192.0.2.2', 'user:real'), trusted: true }, real.task);
    expect(log).toEqual(['busy', 'real']);
    // A second trusted login waits for a slot, and goes before the flood's.
    const next = gate(log, 'next');
    const nextResult = sut.run({ ...login('192.0.5.2', 'user:other'), trusted: true }, next.task);
    busy.finish();
    await running;
    await settle();
    expect(log).toEqual(['busy', 'real', 'next']);
    next.finish();
    await nextResult;
    real.finish();
    expect(await realResult).toBe('real');
    for (const job of flood) job.finish();
    await Promise.all(floodResults);
    expect(sut.load).toEqual({ running: 0, waitingLogins: 0, waitingAccount: 0 });
  });

  it('still bounds trusted logins per account', async () => {
    const sut = new HashingQueue(limits);
    const trusted = (address: string) => ({ ...login(address, 'user:real'), trusted: true });
    const one = gate([], 'one');
    const two = gate([], 'two');
    const results = [sut.run(trusted('192.0.2.1'), one.task), sut.run(trusted('192.0.3.1'), two.task)];
    await expect(sut.run(trusted('192.0.4.1'), async () => 'x')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    one.finish();
    two.finish();
    expect(await Promise.all(results)).toEqual(['one', 'two']);
  });
});
