import { useSelector } from '@xstate/react';
import { formatServiceMinute, parseServiceHours } from '../../../domain';
import { Notice } from '../../components/Notice';
import { formatTime } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useRequestFlow } from './RequestFlowContext';

/** The store is closed (SPEC §4): 'Service hours: {from} to {to}. It's {time}', in the country's time. */
export function ServiceClosedNotice() {
  const t = useT();
  const { actor, services, timeZone, locale } = useRequestFlow();
  const setting = useSelector(actor, (snapshot) => snapshot.context.serviceHours);
  if (setting === null) return null;
  const hours = parseServiceHours(setting);
  return (
    <Notice kind="warning">
      <strong>{t('request.closed.title')}</strong>
      <br />
      {t("Service hours: {from} to {to}. It's {time}", {
        from: formatServiceMinute(hours.startMinute),
        to: formatServiceMinute(hours.endMinute),
        time: formatTime(services.clock.nowUnix(), { locale, timeZone }),
      })}
    </Notice>
  );
}
