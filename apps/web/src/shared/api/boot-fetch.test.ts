import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootFetch, resetBootData } from './boot-fetch.ts';

function putBootData(data: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'khela-boot';
  script.textContent = JSON.stringify(data);
  document.body.append(script);
}

describe('bootFetch', () => {
  afterEach(() => {
    document.getElementById('khela-boot')?.remove();
    resetBootData();
    vi.restoreAllMocks();
  });

  it('answers a start-up GET once from the page, in its language, then goes to the network', async () => {
    const envelope = { success: true, value: { status: 0 } };
    putBootData({ language: 'BN', calls: { '/wps/system/status?url=host': envelope } });
    const network = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ success: true, value: 'net' })));
    const first = await bootFetch('/wps/system/status?url=host', {
      method: 'GET',
      headers: { language: 'BN' },
    });
    expect(await first.json()).toEqual(envelope);
    expect(network).not.toHaveBeenCalled();
    await bootFetch('/wps/system/status?url=host', { method: 'GET', headers: { language: 'BN' } });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never answers another language, another method or another query from the page', async () => {
    putBootData({ language: 'BN', calls: { '/a': { success: true }, '/b?x=1': { success: true } } });
    const network = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    await bootFetch('/a', { method: 'GET', headers: { language: 'EN' } });
    await bootFetch('/a', { method: 'POST', headers: { language: 'BN' } });
    await bootFetch('/b?x=2', { method: 'GET', headers: { language: 'BN' } });
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('ignores a broken boot script', async () => {
    const script = document.createElement('script');
    script.id = 'khela-boot';
    script.textContent = '{not json';
    document.body.append(script);
    const network = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    await bootFetch('/a', { method: 'GET', headers: { language: 'BN' } });
    expect(network).toHaveBeenCalledTimes(1);
  });
});
