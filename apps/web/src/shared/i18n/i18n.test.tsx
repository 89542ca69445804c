import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { changeLanguage, currentTexts, i18n, setBrandDigits } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

function Greeting() {
  const { t, i18n: texts } = useTranslation();
  return <p lang={texts.language}>{t('text_transfer_in_done', { value: '৳40.00', name: 'Khela Arcade' })}</p>;
}

describe('the texts', () => {
  it('fills placeholders, keeps one without a value, and answers an unknown key with the key', () => {
    expect(i18n.t('text_transfer_in_done', { value: '৳40.00', name: 'Khela Arcade' })).toBe(
      '৳40.00 Khela Arcade-এ পাঠানো হয়েছে।',
    );
    expect(i18n.t('text_transfer_in_done', { value: '৳40.00' })).toBe('৳40.00 {{name}}-এ পাঠানো হয়েছে।');
    expect(i18n.t('no_such_key_anywhere')).toBe('no_such_key_anywhere');
    expect(i18n.exists('no_such_key_anywhere')).toBe(false);
    expect(i18n.exists('err_network')).toBe(true);
  });

  it('re-renders what shows them when the language changes, and sets <html lang>', async () => {
    render(<Greeting />);
    expect(screen.getByText('৳40.00 Khela Arcade-এ পাঠানো হয়েছে।').getAttribute('lang')).toBe('bn');
    await act(() => changeLanguage('EN', { remember: false }));
    expect(screen.getByText('৳40.00 moved to Khela Arcade.').getAttribute('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // TY has no catalogue of its own: English.
    await act(() => changeLanguage('TY', { remember: false }));
    expect(i18n.language).toBe('en');
  });

  it('keeps one snapshot until the texts change, and the last of two quick picks wins', async () => {
    const before = currentTexts();
    expect(currentTexts()).toBe(before);
    await Promise.all([changeLanguage('EN', { remember: false }), changeLanguage('BN', { remember: false })]);
    expect(i18n.language).toBe('bn');
    expect(currentTexts()).toBe(before);
  });

  it("shows a Bengali text wholly in the brand's digits: the catalogue's own and the counts filled in", async () => {
    await changeLanguage('BN', { remember: false });
    // Latin, the default: "গত ৩০ দিনে" no longer sits under "সেরা 20".
    setBrandDigits(false);
    expect(i18n.t('period_30_days')).toBe('30 দিন');
    expect(i18n.t('page_bet_rank')).toBe('সেরা 20 বাজিকর');
    expect(i18n.t('lottery_hits', { count: 12 })).toBe('12 বার মিলেছে');
    // Names such as FAST_1 keep their Latin digits either way.
    setBrandDigits(true);
    expect(i18n.t('period_30_days')).toBe('৩০ দিন');
    expect(i18n.t('lottery_hits', { count: 12 })).toBe('১২ বার মিলেছে');
    expect(i18n.t('lottery_verify_code_invalid')).toContain('FAST_1');
    setBrandDigits(false);
    // English texts are never touched.
    await changeLanguage('EN', { remember: false });
    expect(i18n.t('period_30_days')).toBe('30 days');
  });

  it("picks the plural form of a count by Intl's rules of the language", async () => {
    await changeLanguage('EN', { remember: false });
    expect(i18n.t('lottery_hits', { count: 1 })).toBe('1 hit');
    expect(i18n.t('lottery_hits', { count: 2 })).toBe('2 hits');
    expect(i18n.t('lottery_confirm_text', { count: 1, numero: '7', total: '৳5.00' })).toBe(
      'Place 1 bet on draw 7 for ৳5.00?',
    );
    expect(i18n.exists('lottery_hits')).toBe(true);
    await changeLanguage('BN', { remember: false });
  });
});
