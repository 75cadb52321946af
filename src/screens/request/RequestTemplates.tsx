import { useSelector } from '@xstate/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { OrderTemplatesContext } from '../../../machines/orderTemplates';
import { templateOfDraft } from '../../../machines/templateOfDraft';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useOrderTemplates } from '../templates/useOrderTemplates';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

type TemplatesActor = ReturnType<typeof useOrderTemplates>;

const TemplatesContext = createContext<TemplatesActor | null>(null);

/** The outlet's saved templates in the request flow (issue #27), for a signed-in vendor only. */
export function RequestTemplatesProvider({ children }: { children: ReactNode }) {
  const { services, vendor } = useRequestFlow();
  const templates = useOrderTemplates(services.api, vendor.vendor_id);
  return <TemplatesContext.Provider value={templates}>{children}</TemplatesContext.Provider>;
}

export function TemplatePicker() {
  const templates = useContext(TemplatesContext);
  return templates ? <Picker templates={templates} /> : null;
}

export function SaveAsTemplate() {
  const templates = useContext(TemplatesContext);
  return templates ? <SaveForm templates={templates} /> : null;
}

/** Offered next to the address book: a template fills the drop-off, recipient, item and payment in;
 * the request flow quotes its fee afresh and places nothing until the vendor submits. */
function Picker({ templates }: { templates: TemplatesActor }) {
  const t = useT();
  const { actor } = useRequestFlow();
  const list = useSelector(templates, (snapshot) => (snapshot.matches('ready') ? (snapshot.context as OrderTemplatesContext).templates : []));
  const canApply = useSelector(actor, (snapshot) => snapshot.hasTag('dropOffShown') && !snapshot.hasTag('checkingDestination') && !snapshot.hasTag('submitting'));
  if (list.length === 0) return null;
  return (
    <Select
      label={t('templates.picker.label')}
      value=""
      disabled={!canApply}
      options={[{ value: '', label: t('templates.picker.placeholder') }, ...list.map((template) => ({ value: template.id, label: template.name }))]}
      onValueChange={(templateId) => {
        const template = list.find((candidate) => candidate.id === templateId);
        if (template) actor.send({ type: 'template.applied', template });
      }}
    />
  );
}

/** "Save as template" once the drop-off, recipient and item are filled in: asks for a name. */
function SaveForm({ templates }: { templates: TemplatesActor }) {
  const t = useT();
  const { actor } = useRequestFlow();
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const ready = useSelector(templates, (snapshot) => snapshot.matches({ ready: 'idle' }));
  const saving = useSelector(templates, (snapshot) => snapshot.matches({ ready: 'creating' }));
  const detailsShown = useRequestTag('detailsShown');
  const [name, setName] = useState<string | null>(null);
  const template = templateOfDraft(draft, name ?? '');
  if (!detailsShown) return null;
  if (name === null) {
    return (
      <Button variant="secondary" disabled={template === null || !ready} onClick={() => setName('')}>
        {t('templates.save.open')}
      </Button>
    );
  }
  return (
    <SaveRow
      onSubmit={(event) => {
        event.preventDefault();
        if (template === null) return;
        templates.send({ type: 'save.requested', template });
        setName(null);
      }}
    >
      <TextField label={t('templates.save.name')} value={name} maxLength={100} autoFocus onValueChange={setName} />
      <Button type="submit" loading={saving} disabled={template === null || name.trim() === ''}>
        {t('templates.save.submit')}
      </Button>
      <Button type="button" variant="secondary" onClick={() => setName(null)}>
        {t('common.cancel')}
      </Button>
    </SaveRow>
  );
}

const SaveRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${tokens.space(2)};
`;
