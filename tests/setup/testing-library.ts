// waitFor and findBy* give up after 1 s by default. A screen's first render in a test file loads its
// modules cold, which on a busy two-core CI machine can take longer; they wait for behaviour, so a
// longer ceiling only changes how long a genuinely failing test takes to say so.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
