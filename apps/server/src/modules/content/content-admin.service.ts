// The operator's content changes, one file per kind of content (banners, announcements, help
// articles, promotions), with the audit trail and the steps they share.
export { type Actor, recordAudit, listAudit } from './content-admin.audit.ts';
export {
  type BannerInput,
  createBanner,
  updateBanner,
  orderBanners,
  deleteBanner,
  listAllBanners,
} from './content-admin.banners.ts';
export {
  type AnnouncementInput,
  createAnnouncement,
  updateAnnouncement,
  deleteAnnouncement,
} from './content-admin.announcements.ts';
export { type HelpArticleInput, saveHelpArticle, deleteHelpArticle } from './content-admin.help.ts';
export {
  type PromotionInput,
  createPromotion,
  updatePromotion,
  deletePromotion,
} from './content-admin.promotions.ts';
export { listAllAnnouncements, listAllHelp, listAllPromotions } from './content-admin.lists.ts';
