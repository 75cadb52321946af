import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { DownloadedFile } from '../../../adapters/ports';
import { proofDownloadMachine, type ProofDownloadRequest } from '../../../machines/proofDownload';
import { inspectOptions } from '../../app/inspector';
import { useOrdersServices } from './OrdersServicesContext';

/** A proof archive download: the API client's ZIP calls, and the file handed to the app's save port. */
export function useProofDownload() {
  const services = useOrdersServices();
  const machine = useMemo(
    () => proofDownloadMachine.provide({
      actors: {
        downloadProofs: fromPromise<DownloadedFile, ProofDownloadRequest>(({ input }) =>
          input.kind === 'order' ? services.api.downloadOrderProofs(input.orderId) : services.api.exportProofs(input.body)),
      },
      actions: { saveFile: (_, { file, fileName }) => services.saveFile(file, fileName) },
    }),
    [services],
  );
  return useActorRef(machine, inspectOptions());
}
