// Country configuration (SPEC.md §1, §2, §7, §9): every ISO code the product supports.
// Saudi Arabia is the reference build and follows §1 to the letter (including Asia/Dubai).
import type { BrandKey } from './brands';
import { CALLING_CODES } from './callingCodes';
import type { Locale } from './locales';
import type { GeoPoint, PaymentMethod } from './types';

export const ENVIRONMENTS = ['san', 'stg', 'prd'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** PV: self-service registration with a vendor code; CONTACT_FORM: the alternative contact-form sign-up (§2). */
export type RegistrationType = 'PV' | 'CONTACT_FORM';

export type Region = 'ap-southeast-1' | 'eu-west-2' | 'ap-northeast-1' | 'eu-north-1' | 'ap-south-1' | 'eu-central-1';

export interface CountryLinks {
  partnerSignUp: string;
  privacyPolicy: string;
  apiDocs: string;
  /** Greece and Cyprus publish a logistics API specification. */
  logisticsApiSpec?: string;
  /** Taiwan's vendor page. */
  vendorPage?: string;
  /** Japan's downloadable vendor file. */
  vendorFile?: string;
  /** External terms page (Glovo countries); others use the in-app /termsandconditions. */
  termsAndConditions?: string;
}

/** A second currency shown next to prices (SPEC.md §6 "dual pricing"), at a conversion rate fixed by law. */
export interface DualCurrency {
  currency: string;
  /** Units of the second currency per unit of the country's currency. */
  perUnit: number;
}

export interface CountryConfig {
  code: string;
  name: string;
  brand: BrandKey;
  currency: string;
  /** '+966' style (domain/callingCodes.ts). */
  phonePrefix: string;
  timeZone: string;
  languages: readonly Locale[];
  defaultLanguage: Locale;
  defaultPaymentMethod: PaymentMethod;
  /** Minimum ETA in minutes. */
  minimumEta: number;
  mapCentre: GeoPoint;
  links: CountryLinks;
  registrationType: RegistrationType;
  distanceLimitKm: number;
  /** Marketing limits of §9 where published; null when none. */
  itemValueLimit: number | null;
  weightLimitKg: number | null;
  environments: readonly Environment[];
  region: Region;
  /** Shown where the DualPricing flag is on; null when the country has no second currency. */
  dualCurrency: DualCurrency | null;
}

type CountrySeed = Omit<
  CountryConfig,
  'phonePrefix' | 'defaultLanguage' | 'environments' | 'links' | 'minimumEta' | 'distanceLimitKm' | 'itemValueLimit' | 'weightLimitKg' | 'defaultPaymentMethod' | 'registrationType' | 'dualCurrency'
> & {
  /** Site host of the brand in that country, used for the per-country links. */
  site: string;
  links?: Partial<CountryLinks>;
  defaultLanguage?: Locale;
  minimumEta?: number;
  distanceLimitKm?: number;
  itemValueLimit?: number;
  weightLimitKg?: number;
  defaultPaymentMethod?: PaymentMethod;
  registrationType?: RegistrationType;
  dualCurrency?: DualCurrency;
};

/** The API reference this server publishes (OpenAPI generated from domain/api, server/http/openapi.ts). */
const API_DOCS = '/api-docs';

function callingCode(code: string): string {
  const found = CALLING_CODES[code];
  if (found === undefined) throw new Error(`No calling code for ${code} in domain/callingCodes.ts`);
  return found;
}

function country(seed: CountrySeed): CountryConfig {
  const { site, links, ...rest } = seed;
  return {
    ...rest,
    phonePrefix: `+${callingCode(seed.code)}`,
    // The first language listed is the country's default unless stated.
    defaultLanguage: seed.defaultLanguage ?? seed.languages[0] ?? 'en',
    defaultPaymentMethod: seed.defaultPaymentMethod ?? 'CASH_ON_DELIVERY',
    minimumEta: seed.minimumEta ?? 15,
    distanceLimitKm: seed.distanceLimitKm ?? 10,
    itemValueLimit: seed.itemValueLimit ?? null,
    weightLimitKg: seed.weightLimitKg ?? null,
    registrationType: seed.registrationType ?? (seed.brand === 'GLOVO' ? 'CONTACT_FORM' : 'PV'),
    dualCurrency: seed.dualCurrency ?? null,
    environments: ENVIRONMENTS,
    links: {
      partnerSignUp: `https://${site}/partner`,
      privacyPolicy: `https://${site}/privacy`,
      apiDocs: API_DOCS,
      ...(seed.brand === 'GLOVO' ? { termsAndConditions: `https://${site}/legal/terms` } : {}),
      ...links,
    },
  };
}

const at = (latitude: number, longitude: number): GeoPoint => ({ latitude, longitude });

// The two countries that switched to the euro and must show prices in the old currency too, at the
// irrevocable rates of the Council of the EU: 7.53450 kuna (Croatia, 2023) and 1.95583 lev (Bulgaria, 2026).
const KUNA_AT_EURO_CONVERSION: DualCurrency = { currency: 'HRK', perUnit: 7.5345 };
const LEV_AT_EURO_CONVERSION: DualCurrency = { currency: 'BGN', perUnit: 1.95583 };

const LIST: readonly CountryConfig[] = [
  // foodpanda, Asia
  country({ code: 'SG', name: 'Singapore', brand: 'FOODPANDA', currency: 'SGD', timeZone: 'Asia/Singapore', languages: ['en'], mapCentre: at(1.3521, 103.8198), site: 'www.foodpanda.sg', region: 'ap-southeast-1' }),
  country({ code: 'PH', name: 'Philippines', brand: 'FOODPANDA', currency: 'PHP', timeZone: 'Asia/Manila', languages: ['en', 'tl', 'ceb'], mapCentre: at(14.5995, 120.9842), site: 'www.foodpanda.ph', region: 'ap-southeast-1', distanceLimitKm: 12, itemValueLimit: 10_000 }),
  country({ code: 'TH', name: 'Thailand', brand: 'FOODPANDA', currency: 'THB', timeZone: 'Asia/Bangkok', languages: ['th_TH', 'en'], mapCentre: at(13.7563, 100.5018), site: 'www.foodpanda.co.th', region: 'ap-southeast-1' }),
  country({ code: 'MY', name: 'Malaysia', brand: 'FOODPANDA', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur', languages: ['en', 'ms', 'zh_MY'], mapCentre: at(3.139, 101.6869), site: 'www.foodpanda.my', region: 'ap-southeast-1', itemValueLimit: 200 }),
  country({ code: 'PK', name: 'Pakistan', brand: 'FOODPANDA', currency: 'PKR', timeZone: 'Asia/Karachi', languages: ['en', 'ur', 'ur_alt'], mapCentre: at(24.8607, 67.0011), site: 'www.foodpanda.pk', region: 'ap-south-1' }),
  country({ code: 'TW', name: 'Taiwan', brand: 'FOODPANDA', currency: 'TWD', timeZone: 'Asia/Taipei', languages: ['zh_Hant_TW', 'en'], mapCentre: at(25.033, 121.5654), site: 'www.foodpanda.com.tw', region: 'ap-southeast-1', distanceLimitKm: 5, itemValueLimit: 5000, weightLimitKg: 20, links: { vendorPage: 'https://www.foodpanda.com.tw/contents/pandago-vendor' } }),
  country({ code: 'HK', name: 'Hong Kong', brand: 'FOODPANDA', currency: 'HKD', timeZone: 'Asia/Hong_Kong', languages: ['zh_HK', 'en'], mapCentre: at(22.3193, 114.1694), site: 'www.foodpanda.hk', region: 'ap-southeast-1', distanceLimitKm: 5, itemValueLimit: 1000 }),
  country({ code: 'MM', name: 'Myanmar', brand: 'FOODPANDA', currency: 'MMK', timeZone: 'Asia/Yangon', languages: ['my', 'en'], mapCentre: at(16.8409, 96.1735), site: 'www.foodpanda.com.mm', region: 'ap-southeast-1', itemValueLimit: 300_000 }),
  country({ code: 'BD', name: 'Bangladesh', brand: 'FOODPANDA', currency: 'BDT', timeZone: 'Asia/Dhaka', languages: ['en', 'bn'], mapCentre: at(23.8103, 90.4125), site: 'www.foodpanda.com.bd', region: 'ap-south-1' }),
  country({ code: 'KH', name: 'Cambodia', brand: 'FOODPANDA', currency: 'USD', timeZone: 'Asia/Phnom_Penh', languages: ['km', 'en'], mapCentre: at(11.5564, 104.9282), site: 'www.foodpanda.com.kh', region: 'ap-southeast-1' }),
  country({ code: 'LA', name: 'Laos', brand: 'FOODPANDA', currency: 'LAK', timeZone: 'Asia/Vientiane', languages: ['lo', 'en'], mapCentre: at(17.9757, 102.6331), site: 'www.foodpanda.la', region: 'ap-southeast-1' }),
  country({ code: 'JP', name: 'Japan', brand: 'FOODPANDA', currency: 'JPY', timeZone: 'Asia/Tokyo', languages: ['ja', 'en'], mapCentre: at(35.6762, 139.6503), site: 'www.foodpanda.co.jp', region: 'ap-northeast-1', links: { vendorFile: 'https://www.foodpanda.co.jp/contents/pandago-vendor-guide.pdf' } }),
  // talabat, Middle East
  country({ code: 'BH', name: 'Bahrain', brand: 'TALABAT', currency: 'BHD', timeZone: 'Asia/Bahrain', languages: ['en', 'ar'], mapCentre: at(26.2285, 50.586), site: 'www.talabat.com/bahrain', region: 'eu-west-2' }),
  country({ code: 'EG', name: 'Egypt', brand: 'TALABAT', currency: 'EGP', timeZone: 'Africa/Cairo', languages: ['ar', 'en'], mapCentre: at(30.0444, 31.2357), site: 'www.talabat.com/egypt', region: 'eu-west-2' }),
  country({ code: 'JO', name: 'Jordan', brand: 'TALABAT', currency: 'JOD', timeZone: 'Asia/Amman', languages: ['ar', 'en'], mapCentre: at(31.9454, 35.9284), site: 'www.talabat.com/jordan', region: 'eu-west-2' }),
  country({ code: 'KW', name: 'Kuwait', brand: 'TALABAT', currency: 'KWD', timeZone: 'Asia/Kuwait', languages: ['en', 'ar'], mapCentre: at(29.3759, 47.9774), site: 'www.talabat.com/kuwait', region: 'eu-west-2', defaultPaymentMethod: 'PAID' }),
  country({ code: 'OM', name: 'Oman', brand: 'TALABAT', currency: 'OMR', timeZone: 'Asia/Muscat', languages: ['en', 'ar'], mapCentre: at(23.588, 58.3829), site: 'www.talabat.com/oman', region: 'eu-west-2' }),
  country({ code: 'QA', name: 'Qatar', brand: 'TALABAT', currency: 'QAR', timeZone: 'Asia/Qatar', languages: ['en', 'ar'], mapCentre: at(25.2854, 51.531), site: 'www.talabat.com/qatar', region: 'eu-west-2' }),
  country({ code: 'AE', name: 'United Arab Emirates', brand: 'TALABAT', currency: 'AED', timeZone: 'Asia/Dubai', languages: ['en', 'ar'], mapCentre: at(25.2048, 55.2708), site: 'www.talabat.com/uae', region: 'eu-west-2' }),
  // The reference build (SPEC.md §1).
  country({ code: 'SA', name: 'Saudi Arabia', brand: 'HUNGER_STATION', currency: 'SAR', timeZone: 'Asia/Dubai', languages: ['en', 'ar-SA'], defaultLanguage: 'en', defaultPaymentMethod: 'CASH_ON_DELIVERY', minimumEta: 15, registrationType: 'PV', mapCentre: at(24.7136, 46.6753), site: 'hungerstation.com/sa-en', region: 'eu-west-2', distanceLimitKm: 15, weightLimitKg: 5 }),
  // foodora, Europe
  country({ code: 'SE', name: 'Sweden', brand: 'FOODORA', currency: 'SEK', timeZone: 'Europe/Stockholm', languages: ['sv', 'en'], mapCentre: at(59.3293, 18.0686), site: 'www.foodora.se', region: 'eu-north-1', defaultPaymentMethod: 'PAID' }),
  country({ code: 'NO', name: 'Norway', brand: 'FOODORA', currency: 'NOK', timeZone: 'Europe/Oslo', languages: ['nb_NO', 'en'], mapCentre: at(59.9139, 10.7522), site: 'www.foodora.no', region: 'eu-north-1', defaultPaymentMethod: 'PAID' }),
  country({ code: 'FI', name: 'Finland', brand: 'FOODORA', currency: 'EUR', timeZone: 'Europe/Helsinki', languages: ['fi', 'en'], mapCentre: at(60.1699, 24.9384), site: 'www.foodora.fi', region: 'eu-north-1', defaultPaymentMethod: 'PAID' }),
  country({ code: 'DK', name: 'Denmark', brand: 'FOODORA', currency: 'DKK', timeZone: 'Europe/Copenhagen', languages: ['da-DK', 'en'], mapCentre: at(55.6761, 12.5683), site: 'www.foodora.dk', region: 'eu-north-1', defaultPaymentMethod: 'PAID' }),
  country({ code: 'HU', name: 'Hungary', brand: 'FOODORA', currency: 'HUF', timeZone: 'Europe/Budapest', languages: ['hu', 'en'], mapCentre: at(47.4979, 19.0402), site: 'www.foodora.hu', region: 'eu-north-1' }),
  country({ code: 'CZ', name: 'Czechia', brand: 'FOODORA', currency: 'CZK', timeZone: 'Europe/Prague', languages: ['cs', 'en'], mapCentre: at(50.0755, 14.4378), site: 'www.foodora.cz', region: 'eu-north-1' }),
  country({ code: 'DE', name: 'Germany', brand: 'FOODORA', currency: 'EUR', timeZone: 'Europe/Berlin', languages: ['en'], mapCentre: at(52.52, 13.405), site: 'www.foodora.de', region: 'eu-central-1', defaultPaymentMethod: 'PAID' }),
  // efood and Foody
  country({ code: 'GR', name: 'Greece', brand: 'EFOOD', currency: 'EUR', timeZone: 'Europe/Athens', languages: ['el', 'en'], mapCentre: at(37.9838, 23.7275), site: 'www.e-food.gr', region: 'eu-central-1', links: { logisticsApiSpec: 'https://www.e-food.gr/files/logistics-api-spec.pdf' } }),
  country({ code: 'CY', name: 'Cyprus', brand: 'FOODY', currency: 'EUR', timeZone: 'Asia/Nicosia', languages: ['el-CY', 'en'], mapCentre: at(35.1856, 33.3823), site: 'www.foody.com.cy', region: 'eu-central-1', links: { logisticsApiSpec: 'https://www.foody.com.cy/files/logistics-api-spec.pdf' } }),
  // Glovo
  country({ code: 'ES', name: 'Spain', brand: 'GLOVO', currency: 'EUR', timeZone: 'Europe/Madrid', languages: ['es', 'en'], mapCentre: at(40.4168, -3.7038), site: 'glovoapp.com/es', region: 'eu-central-1' }),
  country({ code: 'IT', name: 'Italy', brand: 'GLOVO', currency: 'EUR', timeZone: 'Europe/Rome', languages: ['it', 'en'], mapCentre: at(41.9028, 12.4964), site: 'glovoapp.com/it', region: 'eu-central-1' }),
  country({ code: 'PT', name: 'Portugal', brand: 'GLOVO', currency: 'EUR', timeZone: 'Europe/Lisbon', languages: ['pt', 'en'], mapCentre: at(38.7223, -9.1393), site: 'glovoapp.com/pt', region: 'eu-central-1' }),
  country({ code: 'FR', name: 'France', brand: 'GLOVO', currency: 'EUR', timeZone: 'Europe/Paris', languages: ['fr', 'en'], mapCentre: at(48.8566, 2.3522), site: 'glovoapp.com/fr', region: 'eu-central-1' }),
  country({ code: 'PL', name: 'Poland', brand: 'GLOVO', currency: 'PLN', timeZone: 'Europe/Warsaw', languages: ['pl', 'en'], mapCentre: at(52.2297, 21.0122), site: 'glovoapp.com/pl', region: 'eu-central-1' }),
  country({ code: 'RO', name: 'Romania', brand: 'GLOVO', currency: 'RON', timeZone: 'Europe/Bucharest', languages: ['ro', 'en'], mapCentre: at(44.4268, 26.1025), site: 'glovoapp.com/ro', region: 'eu-central-1' }),
  country({ code: 'MD', name: 'Moldova', brand: 'GLOVO', currency: 'MDL', timeZone: 'Europe/Chisinau', languages: ['ro-MD', 'ru', 'en'], mapCentre: at(47.0105, 28.8638), site: 'glovoapp.com/md', region: 'eu-central-1' }),
  country({ code: 'HR', name: 'Croatia', brand: 'GLOVO', currency: 'EUR', timeZone: 'Europe/Zagreb', languages: ['hr', 'en'], mapCentre: at(45.815, 15.9819), site: 'glovoapp.com/hr', region: 'eu-central-1', dualCurrency: KUNA_AT_EURO_CONVERSION }),
  country({ code: 'BG', name: 'Bulgaria', brand: 'GLOVO', currency: 'EUR', timeZone: 'Europe/Sofia', languages: ['bg', 'en'], mapCentre: at(42.6977, 23.3219), site: 'glovoapp.com/bg', region: 'eu-central-1', dualCurrency: LEV_AT_EURO_CONVERSION }),
  country({ code: 'RS', name: 'Serbia', brand: 'GLOVO', currency: 'RSD', timeZone: 'Europe/Belgrade', languages: ['sr', 'en'], mapCentre: at(44.7866, 20.4489), site: 'glovoapp.com/rs', region: 'eu-central-1' }),
  country({ code: 'ME', name: 'Montenegro', brand: 'GLOVO', currency: 'EUR', timeZone: 'Europe/Podgorica', languages: ['sr-ME', 'en'], mapCentre: at(42.4304, 19.2594), site: 'glovoapp.com/me', region: 'eu-central-1' }),
  country({ code: 'UA', name: 'Ukraine', brand: 'GLOVO', currency: 'UAH', timeZone: 'Europe/Kyiv', languages: ['uk', 'ru', 'en'], mapCentre: at(50.4501, 30.5234), site: 'glovoapp.com/ua', region: 'eu-central-1' }),
  country({ code: 'GE', name: 'Georgia', brand: 'GLOVO', currency: 'GEL', timeZone: 'Asia/Tbilisi', languages: ['ka', 'en'], mapCentre: at(41.7151, 44.8271), site: 'glovoapp.com/ge', region: 'eu-central-1' }),
  country({ code: 'AM', name: 'Armenia', brand: 'GLOVO', currency: 'AMD', timeZone: 'Asia/Yerevan', languages: ['hy', 'en'], mapCentre: at(40.1792, 44.4991), site: 'glovoapp.com/am', region: 'eu-central-1' }),
  country({ code: 'KZ', name: 'Kazakhstan', brand: 'GLOVO', currency: 'KZT', timeZone: 'Asia/Almaty', languages: ['kk', 'ru', 'en'], mapCentre: at(43.222, 76.8512), site: 'glovoapp.com/kz', region: 'eu-central-1' }),
  country({ code: 'KG', name: 'Kyrgyzstan', brand: 'GLOVO', currency: 'KGS', timeZone: 'Asia/Bishkek', languages: ['ky', 'ru', 'en'], mapCentre: at(42.8746, 74.5698), site: 'glovoapp.com/kg', region: 'eu-central-1' }),
  country({ code: 'MA', name: 'Morocco', brand: 'GLOVO', currency: 'MAD', timeZone: 'Africa/Casablanca', languages: ['ar-MA', 'fr', 'en'], mapCentre: at(33.5731, -7.5898), site: 'glovoapp.com/ma', region: 'eu-central-1' }),
  country({ code: 'TN', name: 'Tunisia', brand: 'GLOVO', currency: 'TND', timeZone: 'Africa/Tunis', languages: ['ar-TN', 'fr', 'en'], mapCentre: at(36.8065, 10.1815), site: 'glovoapp.com/tn', region: 'eu-central-1' }),
  country({ code: 'CI', name: "Côte d'Ivoire", brand: 'GLOVO', currency: 'XOF', timeZone: 'Africa/Abidjan', languages: ['fr', 'en'], mapCentre: at(5.36, -4.0083), site: 'glovoapp.com/ci', region: 'eu-central-1' }),
  country({ code: 'KE', name: 'Kenya', brand: 'GLOVO', currency: 'KES', timeZone: 'Africa/Nairobi', languages: ['en'], mapCentre: at(-1.2921, 36.8219), site: 'glovoapp.com/ke', region: 'eu-central-1' }),
  country({ code: 'UG', name: 'Uganda', brand: 'GLOVO', currency: 'UGX', timeZone: 'Africa/Kampala', languages: ['en'], mapCentre: at(0.3476, 32.5825), site: 'glovoapp.com/ug', region: 'eu-central-1' }),
  country({ code: 'NG', name: 'Nigeria', brand: 'GLOVO', currency: 'NGN', timeZone: 'Africa/Lagos', languages: ['en'], mapCentre: at(6.5244, 3.3792), site: 'glovoapp.com/ng', region: 'eu-central-1' }),
];

export const COUNTRIES: Readonly<Record<string, CountryConfig>> = Object.fromEntries(LIST.map((config) => [config.code, config]));

export const COUNTRY_CODES: readonly string[] = LIST.map((config) => config.code);

/** The reference build's country (SPEC.md §1). */
export const REFERENCE_COUNTRY_CODE = 'SA';

export function isSupportedCountry(code: string): boolean {
  return Object.hasOwn(COUNTRIES, code.toUpperCase());
}

/** The configuration of a supported country; throws for a code the product does not support. */
export function countryConfig(code: string): CountryConfig {
  const config = COUNTRIES[code.toUpperCase()];
  if (!config) throw new RangeError(`Unsupported country code: ${code}`);
  return config;
}

/** Time zones the countries use, for the tz data build (scripts/build-tzdata.ts). */
export const COUNTRY_TIME_ZONES: readonly string[] = [...new Set(LIST.map((config) => config.timeZone))].sort();
