// The job worker's handlers follow the definitions served: a job run after a Definition Studio change is handled with
// the catalogue served then, its handlers built once per catalogue.
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../engine/definition/catalogue';
import { ServerModules } from '../../server/platform/modules';
import { defineServerModule } from '../../server/platform/serverModule';
import type { JobContext } from '../../server/platform/jobs/jobHandler';

describe('the job handlers of the definitions served', () => {
  it('runs each job with the handler of the catalogue served when it runs', async () => {
    const first = { pages: [] } as unknown as Catalogue;
    const second = { pages: [] } as unknown as Catalogue;
    const names = new Map([[first, 'first'], [second, 'second']]);
    let builds = 0;
    const module = defineServerModule({
      name: 'reports',
      jobHandlers: (catalogue) => {
        builds += 1;
        return [{ jobtype: 'report', maxAttempts: 2, run: async () => names.get(catalogue) }];
      },
    });
    let served = first;
    const handlers = new ServerModules([{ module, url: 'file:///reports/reportsModule.ts' }]).servedJobHandlers(() => served);
    expect(handlers.map((h) => [h.jobtype, h.maxAttempts])).toEqual([['report', 2]]);
    const context = {} as JobContext;
    expect(await handlers[0]!.run(context)).toBe('first');
    expect(await handlers[0]!.run(context)).toBe('first');
    served = second;
    expect(await handlers[0]!.run(context)).toBe('second');
    // Once for the start's catalogue, once for the next.
    expect(builds).toBe(2);
  });
});
