import styled from 'styled-components';
import { Card, Page, PageTitle } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

const ITEMS = ['alcohol', 'tobacco', 'drugs', 'weapons', 'explosives', 'cash', 'animals', 'perishables', 'hazardous', 'counterfeit', 'stolen', 'oversized'] as const;

/** /prohibiteditems-c2c: what individual senders may not send. */
export function ProhibitedItemsScreen() {
  const t = useT();
  return (
    <Page>
      <PageTitle>{t('prohibited.title')}</PageTitle>
      <Card>
        <p>{t('prohibited.intro')}</p>
        <List>
          {ITEMS.map((item) => (
            <li key={item}>{t(`prohibited.item.${item}`)}</li>
          ))}
        </List>
      </Card>
    </Page>
  );
}

const List = styled.ul`
  display: grid;
  gap: ${tokens.space(2)} ${tokens.space(6)};
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  padding-inline-start: ${tokens.space(5)};
`;
