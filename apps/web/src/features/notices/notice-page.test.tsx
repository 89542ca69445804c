import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Announcement } from '@khela/contract';
import { renderApp } from '../../test/render-app.tsx';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';

const announcements: Announcement[] = Array.from({ length: 11 }, (_, index) => ({
  id: index + 1,
  type: index === 0 ? 'PU' : 'B',
  title: `Notice ${index + 1}`,
  content: `<p>Body ${index + 1}</p><img src="x" onerror="window.hacked = true">`,
  // 09:05:07 on the brand's clock (Asia/Dhaka, UTC+6), as the page shows it.
  startDateStr: Date.UTC(2026, 0, 20 - index, 3, 5, 7),
}));

afterEach(() => {
  useOverlayStore.setState({ openModals: [] });
  sessionStorage.clear();
});

describe('/noticePage', () => {
  it('lists 9 per page, one unfolded at a time, with YYYY-MM-DD HH:mm:ss dates', async () => {
    sessionStorage.setItem('noticePopupGuest', '1');
    renderApp('/noticePage', {
      answers: { '/wps/relay/MCSFE_getListAnnouncements': { promotion: { content: announcements } } },
    });
    await screen.findByText('Notice 1');
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('button', { expanded: false })).toHaveLength(8);
    expect(main.getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(screen.getByText('2026-01-20 09:05:07')).toBeTruthy();
    expect(screen.getByText('Body 1')).toBeTruthy();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: /Notice 3/ }));
    expect(screen.queryByText('Body 1')).toBeNull();
    expect(screen.getByText('Body 3')).toBeTruthy();
    expect(main.getAllByRole('button', { expanded: true })).toHaveLength(1);

    const pager = screen.getByRole('navigation', { name: 'পাতা' });
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    expect(screen.getByRole('button', { name: /Notice 10/ }).getAttribute('aria-expanded')).toBe('true');
    expect(main.getAllByRole('button', { expanded: false })).toHaveLength(1);
  });

  it('pops the popup announcements up once per session', async () => {
    const answers = {
      '/wps/relay/MCSFE_getListAnnouncements': { promotion: { content: announcements.slice(0, 1) } },
    };
    const first = renderApp('/noticePage', { answers });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(sessionStorage.getItem('noticePopupGuest')).toBe('1');
    first.unmount();
    useOverlayStore.setState({ openModals: [] });
    renderApp('/noticePage', { answers });
    await screen.findAllByRole('button', { expanded: true });
    expect(useOverlayStore.getState().openModals).toEqual([]);
  });
});
