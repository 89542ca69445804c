import { asc, eq } from 'drizzle-orm';
import type { Permission, SystemStatus } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { countries } from './system.tables.ts';
import { countryOf, ipMatcher, normaliseIp } from './geo.ts';
import { createReadCache } from '../../shared/read-cache.ts';

export interface Visitor {
  ip: string;
  /** The host the visitor opened (spec: the status call sends it as `url`). */
  host: string | undefined;
}

export function isMaintenanceActive(settings: SiteSettings, ip: string, now: Date): boolean {
  const { maintenance } = settings;
  if (!maintenance.enabled) return false;
  if (maintenance.startsAt && now < new Date(maintenance.startsAt)) return false;
  if (maintenance.endsAt && now >= new Date(maintenance.endsAt)) return false;
  return !ipMatcher(maintenance.allowedIps)(ip);
}

export function isRegionBlocked(settings: SiteSettings, ip: string, country: string | null): boolean {
  const { regionRestriction } = settings;
  if (!regionRestriction.enabled) return false;
  if (ipMatcher(regionRestriction.allowedIps)(ip)) return false;
  if (ipMatcher(regionRestriction.blockedIpRanges)(ip)) return true;
  return country !== null && regionRestriction.blockedCountries.includes(country);
}

/** `https://Agent.Example.com:8443/path` or `agent.example.com:8443` → `agent.example.com`. */
export function hostNameOf(url: string | undefined): string {
  if (!url) return '';
  const withoutScheme = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  const host = withoutScheme.split('/')[0] ?? '';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

export function siteOf(settings: SiteSettings, host: string | undefined): 'member' | 'agent' {
  const name = hostNameOf(host);
  return settings.domains.find((entry) => entry.domain.toLowerCase() === name)?.site ?? 'member';
}

function maintenanceView(settings: SiteSettings, active: boolean) {
  const toMs = (value: string | null) => (value ? new Date(value).getTime() : null);
  return {
    active,
    message: settings.maintenance.message,
    startsAt: toMs(settings.maintenance.startsAt),
    endsAt: toMs(settings.maintenance.endsAt),
  };
}

/** Spec 4: 0 normal, 1 maintenance (takes precedence), 2 region-blocked. */
export function getSystemStatus(settings: SiteSettings, visitor: Visitor, now = new Date()): SystemStatus {
  const ip = normaliseIp(visitor.ip);
  const country = countryOf(ip);
  const maintenance = isMaintenanceActive(settings, ip, now);
  const blocked = isRegionBlocked(settings, ip, country);
  return {
    status: maintenance ? 1 : blocked ? 2 : 0,
    ip,
    country,
    site: siteOf(settings, visitor.host),
    maintenance: maintenanceView(settings, maintenance),
  };
}

export function toWhitelabel(settings: SiteSettings) {
  return {
    brandName: settings.brandName,
    merchantCode: settings.merchantCode,
    platform: 'web' as const,
    device: 'WEB' as const,
    lotteryType: settings.lotteryType,
    currency: settings.currency,
    currencySymbol: settings.currencySymbol,
    currencyPrecision: settings.currencyPrecision,
    logoUrl: settings.logoUrl,
    defaultLanguage: settings.defaultLanguage,
    languages: settings.languages,
    bengaliDigits: settings.bengaliDigits,
    timeZone: settings.timeZone,
    copyright: settings.copyright,
    features: settings.features,
    social: settings.social,
    customerServiceUrl: settings.customerServiceUrl,
    messengerUrl: settings.messengerUrl,
    appLinks: settings.appLinks,
    announcementTypes: settings.announcementTypes,
    announcementExecution: settings.announcementExecution,
    gtagId: settings.gtagId,
  };
}

/** Served rules: the spec's `*` becomes `.*`. */
export function toRegisterSetting(settings: SiteSettings): Permission['info']['register'] {
  const rules = Object.fromEntries(
    Object.entries(settings.register).map(([name, rule]) => [
      name,
      { ...rule, acceptedPattern: rule.acceptedPattern === '*' ? '.*' : rule.acceptedPattern },
    ]),
  ) as SiteSettings['register'];
  return {
    ...rules,
    minimumAge: settings.registration.minimumAge,
    termsVersion: settings.registration.termsVersion,
  };
}

export function getPermissionInfo(settings: SiteSettings): Permission['info'] {
  const appResources = [
    settings.appLinks.android && {
      url: settings.appLinks.android,
      labelNameEn: 'Android',
      resourceType: 'APP_ANDROID',
    },
    settings.appLinks.ios && { url: settings.appLinks.ios, labelNameEn: 'iOS', resourceType: 'APP_IOS' },
  ].filter((entry): entry is { url: string; labelNameEn: string; resourceType: string } => Boolean(entry));
  return {
    whitelabel: toWhitelabel(settings),
    register: toRegisterSetting(settings),
    resources: appResources.map((resource) => ({ ...resource, qrCodeUrl: null })),
    customerService: { url: settings.customerServiceUrl, messengerUrl: settings.messengerUrl },
    analytics: { gtagId: settings.gtagId },
    imageCDNs: settings.imageCDNs,
    launchGameCDNs: settings.launchGameCDNs,
  };
}

export function getPermission(settings: SiteSettings, visitor: Visitor, now = new Date()): Permission {
  const status = getSystemStatus(settings, visitor, now);
  return {
    info: getPermissionInfo(settings),
    location: { ip: status.ip, country: status.country },
    maintenance: status.maintenance,
    regionRestriction: { active: settings.regionRestriction.enabled, blocked: status.status === 2 },
  };
}

export function getDomainRoute(settings: SiteSettings, domain: string | undefined) {
  const name = hostNameOf(domain);
  return {
    domainList: settings.domains,
    current: { domain: name, site: siteOf(settings, name) },
  };
}

type Country = { countryCode: string; countryDialingCode: string; name: string };
const countryCache = createReadCache<Database, Country[]>(60_000);

export function listCountries(db: Database): Promise<Country[]> {
  return countryCache.get(db, 'all', () =>
    db
      .select({
        countryCode: countries.countryCode,
        countryDialingCode: countries.countryDialingCode,
        name: countries.name,
      })
      .from(countries)
      .where(eq(countries.enabled, true))
      .orderBy(asc(countries.sortOrder), asc(countries.name)),
  );
}
