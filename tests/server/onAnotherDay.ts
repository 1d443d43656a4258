// `SUITE_DAY=2027-09-03 npx vitest run --project server`: the server tests as they will run on another day.
// Date in this process (the tests and the servers they start) starts on that day and runs on, so a test
// whose dates would go stale shows it now rather than on the day it starts failing.
import { vi } from 'vitest';

vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
vi.setSystemTime(new Date(process.env.SUITE_DAY!));
