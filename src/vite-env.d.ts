/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Brand key (SPEC §1); otherwise chosen by host name, then the country's brand. */
  readonly VITE_BRAND?: string;
  /** '1' attaches the Stately inspector in development (docs/qa.md). */
  readonly VITE_INSPECT?: '1';
  /** ISO country of the deployment; SA by default. */
  readonly VITE_COUNTRY?: string;
  /** stg, san or prd. */
  readonly VITE_ENVIRONMENT?: string;
}
