import type { Meta, StoryObj } from '@storybook/react-vite';
import { LanguagePicker } from '../../src/components/LanguagePicker';
import { usePreferences } from '../../src/app/preferences/PreferencesContext';
import { useT } from '../../src/i18n/useT';

/** The language picker, limited to the country's languages. Picking one here switches the whole
 * Storybook's language, as the app's picker switches the app's. */
function PickerInPreferences({ locales }: { locales?: readonly string[] }) {
  const t = useT();
  const preferences = usePreferences();
  return (
    <div style={{ maxWidth: 320 }}>
      <LanguagePicker legend={t('language.title')} locales={locales ?? preferences.locales} value={preferences.locale} onChange={preferences.setLocale} />
    </div>
  );
}

const meta = {
  title: 'Components/LanguagePicker',
  component: PickerInPreferences,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PickerInPreferences>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Saudi Arabia: English and Arabic. */
export const SaudiArabia: Story = { args: { locales: ['en', 'ar-SA'] } };
/** Every language of this Storybook's toolbar. */
export const ToolbarLanguages: Story = {};
/** Two variants of one language are told apart by their region. */
export const ArabicVariants: Story = { args: { locales: ['ar', 'ar-SA', 'ar-MA', 'ar-TN', 'en'] } };
