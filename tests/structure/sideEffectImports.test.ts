import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSideEffectFreeAppModule } from '../../scripts/build/sideEffectFreeAppCode';

// The production build drops an app module nothing uses (scripts/build/sideEffectFreeAppCode.ts), so a
// module marked free must not depend on running for its effect: an `import 'x'` there would silently
// leave the bundle with it.

const ROOT = join(import.meta.dirname, '..', '..');
const BARE_IMPORT = /^\s*import\s+['"][^'"]+['"]/m;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

describe('app modules the build may drop when unused', () => {
  it('marks the screens, components, machines and adapters free, not the entry or the map adapters', () => {
    expect(isSideEffectFreeAppModule('src/screens/landing/LandingScreen.tsx')).toBe(true);
    expect(isSideEffectFreeAppModule('machines/session.ts')).toBe(true);
    expect(isSideEffectFreeAppModule('adapters/storage/sessionStorage.ts')).toBe(true);
    expect(isSideEffectFreeAppModule('src/main.tsx')).toBe(false);
    expect(isSideEffectFreeAppModule('adapters/map/maplibre.ts')).toBe(false);
    expect(isSideEffectFreeAppModule('domain/timeZones.ts')).toBe(false);
    expect(isSideEffectFreeAppModule('src/theme/styled.d.ts')).toBe(false);
  });

  it('holds no import made for its effect alone in a module marked free', () => {
    const files = ['src', 'machines', 'adapters'].flatMap(sourceFiles).filter(isSideEffectFreeAppModule);
    expect(files.length).toBeGreaterThan(100);
    const offending = files.filter((file) => BARE_IMPORT.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('would catch one', () => {
    expect(BARE_IMPORT.test("import { x } from 'y';\nimport 'maplibre-gl/dist/maplibre-gl.css';\n")).toBe(true);
    expect(BARE_IMPORT.test("import type { X } from 'y';\nimport { z } from 'w';\n")).toBe(false);
  });
});
