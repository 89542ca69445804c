import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { changeLanguage, i18n, translate } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

function Greeting() {
  const { t, i18n: current } = useTranslation();
  return (
    <p lang={current.language}>{t('text_transfer_in_done', { value: '৳40.00', name: 'Khela Arcade' })}</p>
  );
}

describe('the texts', () => {
  it('fills placeholders, and answers an unknown key with the key itself', () => {
    expect(translate('text_transfer_in_done', { value: '৳40.00', name: 'Khela Arcade' })).toBe(
      '৳40.00 Khela Arcade-এ পাঠানো হয়েছে।',
    );
    expect(translate('no_such_key_anywhere')).toBe('no_such_key_anywhere');
  });

  it('re-renders what shows them when the language changes, and sets <html lang>', async () => {
    render(<Greeting />);
    expect(screen.getByText('৳40.00 Khela Arcade-এ পাঠানো হয়েছে।').getAttribute('lang')).toBe('bn');
    await act(() => changeLanguage('EN', { remember: false }));
    expect(screen.getByText('৳40.00 moved to Khela Arcade.').getAttribute('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.language).toBe('en');
    // TY has no catalogue of its own: English.
    await act(() => changeLanguage('TY', { remember: false }));
    expect(i18n.language).toBe('en');
  });
});
