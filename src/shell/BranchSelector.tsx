import { useVendors } from '../app/vendors/VendorsContext';
import { Select } from '../components/Select';
import { useT } from '../i18n/useT';
import { useVendorSwitch } from './useVendorSwitch';

/** The branch (vendor or outlet) selector; parents come first as the server sends them. Guests have none. */
export function BranchSelector() {
  const t = useT();
  const { vendors, selected } = useVendors();
  const switchVendor = useVendorSwitch();
  if (vendors.length === 0) return null;
  return (
    <Select
      label={t('nav.branch')}
      hideLabel
      value={selected?.vendor_id ?? ''}
      onValueChange={switchVendor}
      options={vendors.map((vendor) => ({ value: vendor.vendor_id, label: vendor.name }))}
    />
  );
}
