import { helpPageSlugs, type HelpPageSlug } from './paths.ts';

/** The footer's about list (spec 2), each a page of the help centre at /help?page=<slug>. */
export const helpPageLabelKeys: Record<HelpPageSlug, string> = {
  'about-company': 'about_company',
  'contact-us': 'about_contact_us',
  'general-terms': 'about_terms',
  'responsible-gaming': 'about_responsible_gaming',
  'privacy-policy': 'about_privacy',
  affiliates: 'about_affiliates',
  'refund-policy': 'about_refund',
};

export const helpPages = helpPageSlugs.map((slug) => ({ slug, labelKey: helpPageLabelKeys[slug] }));

export function isHelpPageSlug(value: string | null): value is HelpPageSlug {
  return value !== null && (helpPageSlugs as readonly string[]).includes(value);
}
