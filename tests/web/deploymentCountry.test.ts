// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { countryConfig, REFERENCE_COUNTRY_CODE } from '../../domain/countries';
import { readDeploymentCountry, withDeploymentCountry } from '../../src/app/deploymentCountry';

const INDEX_HTML = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const countryOf = (html: string) => readDeploymentCountry(parse(html));

describe('the deployment country in index.html', () => {
  it('is read back as written: the whole configuration of that country', () => {
    expect(countryOf(withDeploymentCountry(INDEX_HTML, 'PK'))).toEqual(countryConfig('PK'));
    expect(countryOf(withDeploymentCountry(INDEX_HTML, 'hr'))).toEqual(countryConfig('HR'));
  });

  it('is the reference country when the build names none or one the product does not support', () => {
    expect(countryOf(withDeploymentCountry(INDEX_HTML, undefined))?.code).toBe(REFERENCE_COUNTRY_CODE);
    expect(countryOf(withDeploymentCountry(INDEX_HTML, 'XX'))?.code).toBe(REFERENCE_COUNTRY_CODE);
  });

  it('is absent from a page the build did not write', () => {
    expect(countryOf(INDEX_HTML)).toBeUndefined();
  });

  it('replaces the country of an already written page instead of adding a second one', () => {
    const html = withDeploymentCountry(withDeploymentCountry(INDEX_HTML, 'SA'), 'JP');
    expect(countryOf(html)?.code).toBe('JP');
    expect(html.match(/portal-country/g)).toHaveLength(1);
  });

  it('is inert data: no second script, nothing run, whatever the build was given', () => {
    const html = withDeploymentCountry(INDEX_HTML, 'GR"><script>alert(1)</script>');
    const page = parse(html);
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(page.querySelector('script')?.getAttribute('type')).toBe('application/json');
    expect(countryOf(html)?.code).toBe(REFERENCE_COUNTRY_CODE);
  });
});
