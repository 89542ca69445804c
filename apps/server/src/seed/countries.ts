import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

/** Where the brand's players mostly are: listed first in the dialing-code picker. */
const FIRST = ['BD', 'IN', 'NP', 'PK', 'LK', 'MY', 'SG', 'AE', 'SA', 'GB', 'US'];

/**
 * Every country with a telephone numbering plan (libphonenumber's metadata), named in English by
 * Intl.DisplayNames; nothing typed in by hand.
 */
export function countryRows() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries().map((code) => {
    const first = FIRST.indexOf(code);
    return {
      countryCode: code,
      countryDialingCode: `+${getCountryCallingCode(code)}`,
      name: names.of(code) ?? code,
      sortOrder: first === -1 ? 1000 : first,
    };
  });
}
