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

  it('closes the open dropdown when another one opens, by click or by hover', () => {
    render(
      <>
        <Dropdown label="Account">{() => <span>Deposit</span>}</Dropdown>
        <Dropdown label="Language">{() => <span>English</span>}</Dropdown>
        <Dropdown label="Slots" openOnHover>
          {() => <span>Vendor</span>}
        </Dropdown>
      </>,
    );
    const account = screen.getByRole('button', { name: 'Account' });
    const language = screen.getByRole('button', { name: 'Language' });
    const slots = screen.getByRole('button', { name: 'Slots' });
    // A click (no pointer press first, as from the keyboard) on the second menu.
    fireEvent.click(account);
    fireEvent.click(language);
    expect(account.getAttribute('aria-expanded')).toBe('false');
    expect(language.getAttribute('aria-expanded')).toBe('true');
    // A mouse hovering a category menu while the language menu is open.
    fireEvent.pointerOver(slots, { pointerType: 'mouse' });
    expect(slots.getAttribute('aria-expanded')).toBe('true');
    expect(language.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('English')).toBeNull();
    expect(screen.queryByText('Deposit')).toBeNull();
  });
});
