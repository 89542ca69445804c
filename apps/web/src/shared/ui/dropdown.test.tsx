import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Dropdown } from './dropdown.tsx';

function renderDropdown() {
  render(
    <Dropdown label="Slots" openOnHover>
      {(close) => (
        <button type="button" onClick={close}>
          Vendor
        </button>
      )}
    </Dropdown>,
  );
  return screen.getByRole('button', { name: 'Slots' });
}

describe('Dropdown', () => {
  it('toggles on click and closes on Escape', () => {
    const button = renderDropdown();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open when a mouse user clicks the item the hover opened', () => {
    const button = renderDropdown();
    fireEvent.pointerOver(button, { pointerType: 'mouse' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when an item calls close', () => {
    const button = renderDropdown();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Vendor' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
