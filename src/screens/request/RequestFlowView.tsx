import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Vendor } from '../../../domain/types';
import { countryConfig } from '../../../domain/countries';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useToasts } from '../../app/toasts/ToastContext';
import { Page, PageTitle } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { CollectionPointSection } from './CollectionPointSection';
import { CustomerSection } from './CustomerSection';
import { DeliveryTimeSection } from './DeliveryTimeSection';
import { DropOffSection } from './DropOffSection';
import { ItemValueDialog } from './ItemValueDialog';
import { NewFeeDialog, VoucherNewFeeDialog } from './NewFeeDialog';
import { PaymentSection } from './PaymentSection';
import { RequestSummary } from './RequestSummary';
import { RequestTemplatesProvider } from './RequestTemplates';
import { ServiceClosedNotice } from './ServiceClosedNotice';
import { requestInputOf, vendorCountry } from './requestInputOf';
import { provideRequestRiderMachine, type RequestEffects } from './requestMachineProvider';
import { RequestFlowContext, type RequestFlow } from './RequestFlowContext';
import { useRequestServices } from './RequestServicesContext';
import { inspectOptions } from '../../app/inspector';

interface Props {
  vendor: Vendor;
  isGuest: boolean;
  orderId: string | null;
  /** "Order again": the past order that fills this one in (query again). */
  repeatOrderId?: string | null;
  /** A saved template that fills this one in (query template). */
  templateId?: string | null;
  onlinePaymentActivated: boolean;
  /** SPEC §2: a successful order lands on /order-tracking?order_id=… (the route's navigation). */
  goToTracking: RequestEffects['goToTracking'];
  /** A note above the form (the guest's register prompt). */
  banner?: ReactNode;
}

/** One run of the request flow for one vendor (and, in update mode, one order). */
export function RequestFlowView({ vendor, isGuest, orderId, repeatOrderId = null, templateId = null, onlinePaymentActivated, goToTracking, banner }: Props) {
  const t = useT();
  const services = useRequestServices();
  const preferences = usePreferences();
  const flags = useFlags();
  const { show } = useToasts();
  const effects = useMemo<RequestEffects>(
    () => ({
      toast: show,
      goToTracking,
      redirect: (url) => services.navigator.assign(url),
    }),
    [show, goToTracking, services.navigator],
  );
  const machine = useMemo(() => provideRequestRiderMachine(services, effects, { isGuest }), [services, effects, isGuest]);
  const actor = useActorRef(machine, { ...inspectOptions(),
    input: requestInputOf({
      vendor,
      isGuest,
      deploymentCountry: preferences.countryConfig.code,
      orderId,
      repeatOrderId,
      templateId,
      onlinePaymentActivated,
      noneOffered: isOn(flags, 'NonePaymentMethod'),
      payAtPickupOffered: isOn(flags, 'PayAtPickup'),
      storage: services.storage,
      nowUnix: services.clock.nowUnix,
    }),
  });
  const closed = useSelector(actor, (snapshot) => snapshot.hasTag('closed'));
  const countryCode = vendorCountry(vendor, preferences.countryConfig.code);
  const flow = useMemo<RequestFlow>(
    () => ({
      actor,
      services,
      effects,
      vendor,
      isGuest,
      countryCode,
      currency: vendor.vendor_information.currency || countryConfig(countryCode).currency,
      timeZone: countryConfig(countryCode).timeZone,
      locale: preferences.locale,
      flags,
    }),
    [actor, services, effects, vendor, isGuest, countryCode, preferences.locale, flags],
  );
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  return (
    <RequestFlowContext.Provider value={flow}>
      <Page>
        <TitleRow>
          <PageTitle>{t(orderId ? 'request.title.update' : 'request.title')}</PageTitle>
          {busy && <Spinner size={20} label={t('common.loading')} />}
        </TitleRow>
        {banner}
        {closed && <ServiceClosedNotice />}
        <Layout>
          <Steps>
            <CollectionPointSection />
            {!closed && (
              <>
                {isGuest || orderId ? <DropOffSection /> : <RequestTemplatesProvider><DropOffSection /></RequestTemplatesProvider>}
                <CustomerSection />
                <DeliveryTimeSection />
                <PaymentSection />
              </>
            )}
          </Steps>
          {!closed && <RequestSummary />}
        </Layout>
        <ItemValueDialog />
        <NewFeeDialog />
        <VoucherNewFeeDialog />
      </Page>
    </RequestFlowContext.Provider>
  );
}

const TitleRow = styled.div`
  display: flex;
  align-items: baseline;
  gap: ${tokens.space(3)};
`;

const Layout = styled.div`
  display: grid;
  gap: ${tokens.space(6)};
  align-items: start;
  @media (min-width: ${tokens.desktop}) { grid-template-columns: minmax(0, 1fr) 360px; }
`;

const Steps = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  min-width: 0;
`;
