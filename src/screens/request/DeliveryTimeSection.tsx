import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { LIMITS } from '../../../domain';
import { isOn } from '../../app/flags/FlagsContext';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { ChoiceCards } from './ChoiceCards';
import { choiceOfUnix, defaultPreorderChoice, isChoiceAllowed, preorderDates, unixOfChoice, type WallClockChoice } from './preorderTime';
import { FieldRow, RequestSection } from './RequestSection';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

type When = 'ASAP' | 'LATER';

/** ASAP (drop-off within 60 minutes) or Later: a date and time up to 2 days ahead, on the country's clock. */
export function DeliveryTimeSection() {
  const t = useT();
  const { actor, services, timeZone, locale, flags } = useRequestFlow();
  const detailsShown = useRequestTag('detailsShown');
  const preorderedFor = useSelector(actor, (snapshot) => snapshot.context.draft.preorderedFor);
  const nowUnix = services.clock.nowUnix();
  // The typed date and time are the view's own until they make a valid instant.
  const [choice, setChoice] = useState<WallClockChoice>(() =>
    preorderedFor !== null ? choiceOfUnix(preorderedFor, timeZone) : defaultPreorderChoice(nowUnix, timeZone),
  );
  const [when, setWhen] = useState<When>(preorderedFor !== null ? 'LATER' : 'ASAP');
  const allowed = isChoiceAllowed(choice, nowUnix, timeZone);

  const choose = (next: WallClockChoice) => {
    setChoice(next);
    if (isChoiceAllowed(next, nowUnix, timeZone)) actor.send({ type: 'preorder.changed', preorderedFor: unixOfChoice(next, timeZone) });
  };
  const chooseWhen = (next: When) => {
    setWhen(next);
    if (next === 'ASAP') actor.send({ type: 'preorder.changed', preorderedFor: null });
    else choose(choice);
  };

  const dateOptions = preorderDates(nowUnix, timeZone).map((date) => ({
    value: date,
    label: formatDateTime(unixOfChoice({ date, time: '12:00' }, timeZone) ?? nowUnix, { locale, timeZone }, {
      dateStyle: undefined,
      timeStyle: undefined,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }),
  }));

  return (
    <RequestSection id="request-time" title={t('request.time.title')} pending={!detailsShown}>
      <ChoiceCards<When>
        legend={t('request.time.legend')}
        value={when}
        onChange={chooseWhen}
        choices={[
          { value: 'ASAP', label: t('request.time.asap'), description: t('request.time.asap-description', { minutes: LIMITS.asapDropOffWithinMin }) },
          ...(isOn(flags, 'PreOrder') ? [{ value: 'LATER' as const, label: t('request.time.later'), description: t('request.time.later-description') }] : []),
        ]}
      />
      {when === 'LATER' && (
        <FieldRow>
          <Select label={t('request.time.date')} value={choice.date} options={dateOptions} onValueChange={(date) => choose({ ...choice, date })} />
          <TextField
            label={t('request.time.time')}
            type="time"
            dir="ltr"
            value={choice.time}
            onValueChange={(time) => choose({ ...choice, time })}
            error={allowed ? null : t('request.time.out-of-range')}
          />
        </FieldRow>
      )}
    </RequestSection>
  );
}
