import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage } from '../i18n/i18n.ts';
import { CopyButton } from './copy-button.tsx';

describe('CopyButton', () => {
  beforeEach(async () => {
    await changeLanguage('EN', { remember: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('copies, says so for two seconds, and leaves no timer behind when it goes away', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    vi.useFakeTimers();
    const { unmount } = render(
      <CopyButton text="0000-1234" label="Account number" className="wallet-copy" iconSize={14} />,
    );
    const button = screen.getByRole('button', { name: 'Copy Account number' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('0000-1234');
    expect(button.textContent).toBe('Copied');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(button.textContent).toBe('Copy');

    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Copied');
    const pending = vi.getTimerCount();
    unmount();
    expect(vi.getTimerCount()).toBe(pending - 1);
  });

  it('says nothing when the clipboard refuses', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
      writeText: () => Promise.reject(new Error('denied')),
    } as unknown as Clipboard);
    render(<CopyButton text="x" label="Link" className="agent-copy" iconSize={16} />);
    const button = screen.getByRole('button', { name: 'Copy Link' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Copy');
  });
});
