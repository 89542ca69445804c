import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from './modal.tsx';

function Harness({ closeOnEscape }: { closeOnEscape: boolean }) {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <Modal
      open={isOpen}
      onClose={() => setIsOpen(false)}
      title="Named modal"
      closeLabel="Close"
      closeOnEscape={closeOnEscape}
    >
      <p>Body</p>
    </Modal>
  );
}

describe('Modal', () => {
  it('is a labelled dialog that closes on Escape when allowed, and locks the page scroll while open', async () => {
    render(<Harness closeOnEscape />);
    const dialog = await screen.findByRole('dialog', { name: 'Named modal' });
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true);
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('stays open on Escape when click-to-close is off', async () => {
    render(<Harness closeOnEscape={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Named modal' });
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.getByRole('dialog', { name: 'Named modal' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
