// The brand keys live in the domain; re-exported so theme files have one import place.
export { BRAND_KEYS, isBrandKey, type BrandKey } from '../../domain/brands';
