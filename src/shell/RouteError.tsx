import styled from 'styled-components';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';
import { useT } from '../i18n/useT';

/** A page whose code or data failed to load: say so and offer a reload, keeping the rest of the app. */
export function RouteError({ reset }: { reset?: () => void }) {
  const t = useT();
  return (
    <Page $narrow>
      <EmptyState
        title={t('error.page-load-failed.title')}
        description={t('error.page-load-failed.body')}
        action={
          <Actions>
            {reset && (
              <Button variant="secondary" onClick={reset}>
                {t('common.retry')}
              </Button>
            )}
            <Button onClick={() => window.location.reload()}>{t('error.page-load-failed.reload')}</Button>
          </Actions>
        }
      />
    </Page>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;
