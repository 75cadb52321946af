// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readDeploymentCountry, withDeploymentCountry } from '../../src/app/deploymentCountry';

const INDEX_HTML = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const countryOf = (html: string) => readDeploymentCountry(parse(html));

describe('the deployment country in index.html', () => {
  it('is read back as written', () => {
    expect(countryOf(withDeploymentCountry(INDEX_HTML, 'PK'))).toBe('PK');
  });

  it('is absent when the build names none, so the app takes the reference country', () => {
    expect(countryOf(withDeploymentCountry(INDEX_HTML, undefined))).toBeUndefined();
    expect(countryOf(INDEX_HTML)).toBeUndefined();
  });

  it('replaces the country of an already written page instead of adding a second one', () => {
    const html = withDeploymentCountry(withDeploymentCountry(INDEX_HTML, 'SA'), 'JP');
    expect(countryOf(html)).toBe('JP');
    expect(html.match(/portal-country/g)).toHaveLength(1);
  });

  it('cannot break out of the attribute', () => {
    const html = withDeploymentCountry(INDEX_HTML, 'GR"><script>alert(1)</script>');
    expect(parse(html).querySelectorAll('script')).toHaveLength(0);
  });
});
