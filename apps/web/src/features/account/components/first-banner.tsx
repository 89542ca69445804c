import { useBanners } from '../../banner/index.ts';

/**
 * A sign-in dialog's optional banner (spec 2: banner groups w_login, w_register): the group's first
 * picture, with its phone version under 768 px; nothing when the group is empty.
 */
export function FirstBanner({ group, className }: { group: 'w_login' | 'w_register'; className: string }) {
  const { data: banners } = useBanners(group);
  const banner = banners?.[0];
  if (!banner) return null;
  return (
    <picture>
      {banner.mobileUrl ? <source media="(max-width: 767px)" srcSet={banner.mobileUrl} /> : null}
      <img className={className} src={banner.url} alt={banner.title} decoding="async" />
    </picture>
  );
}
