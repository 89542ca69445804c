import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
const client = await PGlite.create();
let t0 = Date.now();
const db = {
  async executeSql(text: string, values?: unknown[]) {
    if (values && values.length) return client.query(text, values.map((v) => (v === undefined ? null : v)));
    const results = await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  },
};
const boss = new PgBoss({ db, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, archiveCompletedAfterSeconds: 86400 });
boss.on('error', (e) => console.error('boss error', e));
await boss.start();
console.log('start', Date.now() - t0);
t0 = Date.now();
await boss.createQueue('tick', { name: 'tick', policy: 'stately', retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: 30 });
await boss.createQueue('cronjob', { name: 'cronjob', policy: 'stately' });
console.log('queues', Date.now() - t0);
await boss.schedule('cronjob', '* * * * *', {}, { tz: 'Asia/Ho_Chi_Minh' });
let n = 0;
await boss.work('tick', { pollingIntervalSeconds: 0.5 }, async ([job]) => { n++; console.log('tick', job.id, n); if (n === 2) throw new Error('boom'); });
await boss.work('cronjob', { pollingIntervalSeconds: 0.5 }, async ([job]) => { console.log('cron ran', job.id); });
for (let i = 0; i < 8; i++) {
  const id = await boss.send('tick', {}, { singletonSeconds: 1 });
  const id2 = await boss.send('tick', {}, { singletonSeconds: 1 });
  console.log('sent', id, id2);
  await new Promise((r) => setTimeout(r, 700));
}
const r = await client.query(`select name, state, retry_count, singleton_on, started_on, completed_on, output from pgboss.job order by created_on`);
console.table(r.rows.map((x: any) => ({ ...x, output: JSON.stringify(x.output)?.slice(0, 60) })));
await boss.stop({ graceful: true, timeout: 2000 });
console.log('stopped');
await client.close();
