// The banner feature's public entry.
export { prefetchBanners, useBanners } from './api/get-banners.ts';
export { BannerCarousel } from './banner-carousel.tsx';
export { bannerGroupForPath } from './banner-group.ts';
