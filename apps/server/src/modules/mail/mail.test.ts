import { describe, expect, it } from 'vitest';
import { createSmtpMailProvider } from './mail.service.ts';

describe('the SMTP mail provider', () => {
  it('reports a mail server it cannot reach as DELIVERY_FAILED', async () => {
    // Port 9 on loopback: nothing listens there, the connection is refused at once.
    const provider = createSmtpMailProvider({
      url: 'smtp://127.0.0.1:9',
      from: 'Khela <no-reply@khela.local>',
    });
    await expect(provider.send({ to: 'player@khela.local', subject: 'x', text: 'y' })).rejects.toMatchObject({
      code: 'DELIVERY_FAILED',
    });
  });
});
