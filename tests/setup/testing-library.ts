// waitFor and findBy* give up after 1 s by default. A screen's first render in a test file loads its
// modules cold, which on a busy two-core CI machine can take longer; they wait for behaviour, so a
// longer ceiling only changes how long a genuinely failing test takes to say so.
// Only files with a DOM (`@vitest-environment jsdom`) can use Testing Library; the others (most of the
// unit project: domain, machines, server-side checks) skip loading it, about 0.14 s of CPU per file.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
}

export {};
