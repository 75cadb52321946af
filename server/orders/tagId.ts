import { normalizeTagId } from '../../domain';
import type { VendorRow } from '../http/vendorView';
import type { OrdersSide } from './side';
import { isFlagOnForVendor } from './vendorFlag';

/**
 * The tag id an order keeps (TagIdCheck flag): the body's tag without surrounding spaces
 * when the flag is on for the vendor, else undefined (a tag sent while the flag is off is ignored, not
 * refused). Its shape is checked with the order form (validateOrderForm, 422 validation.tag-id-invalid).
 */
export async function acceptedTagId(side: OrdersSide, vendor: VendorRow, tagId: string | undefined): Promise<string | undefined> {
  const tag = normalizeTagId(tagId ?? '');
  if (tag === '') return undefined;
  return (await isFlagOnForVendor(side, vendor, 'TagIdCheck')) ? tag : undefined;
}
