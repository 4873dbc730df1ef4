// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, expect, test } from 'vitest';

// The architecture is only as real as the lint that refuses its back-edges: these are the imports
// a newcomer is most likely to write, each in the file where it would break a boundary.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImports(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

// The first lint loads the config and the TypeScript parser (seconds on a busy machine): done
// once here, so each probe below is timed on its own lint only.
beforeAll(async () => {
  await eslint.lintText('\n', { filePath: 'bff/src/db/probe.ts' });
}, 60_000);

test.each([
  ['bff/src/db/probe.ts', "import { createLedger } from '../services/ledger.ts';"],
  ['bff/src/db/probe.ts', "import { seedIfEmpty } from '../seed/demo.ts';"],
  ['bff/src/services/probe.ts', "import { ordersRouter } from '../http/orders.ts';"],
  // Services kept in a folder per use case (orders/, brand-tokens/, payment-desk/) are one level down.
  ['bff/src/db/probe.ts', "import { createOrderService } from '../services/orders/service.ts';"],
  ['bff/src/services/orders/probe.ts', "import { ordersRouter } from '../../http/orders.ts';"],
  [
    'tests/conformance/probe.ts',
    "import { createLedger } from '../../bff/src/services/ledger.ts';",
  ],
  ['.storybook/probe.tsx', "import { Button } from '../ui/src/components/Button/Button.tsx';"],
  ['ui/src/screens/probe.tsx', "import { deploy } from '@brnd/contracts/chain/deploy';"],
  ['ui/src/screens/probe.tsx', "import { fake } from '@brnd/mocks/handlers';"],
  ['contracts/api/probe.ts', "import { Button } from '@brnd/ui/components/Button/Button';"],
  ['bff/src/http/probe.ts', "import { Button } from '@brnd/ui/components/Button/Button';"],
])('lint refuses the back-edge in %s: %s', async (filePath, source) => {
  expect(await restrictedImports(filePath, `${source}\n`)).not.toEqual([]);
});

test.each([
  ['bff/src/http/probe.ts', "import { createLedger } from '../services/ledger.ts';"],
  ['bff/src/services/probe.ts', "import { openDatabase } from '../db/database.ts';"],
  [
    'bff/src/services/brand-tokens/probe.ts',
    "import { openDatabase } from '../../db/database.ts';",
  ],
  ['bff/src/seed/probe.ts', "import { createSaleService } from '../services/sale.ts';"],
  ['tests/conformance/probe.ts', "import { createOperator } from '@brnd/bff/services/operators';"],
])('lint allows the forward edge in %s: %s', async (filePath, source) => {
  expect(await restrictedImports(filePath, `${source}\n`)).toEqual([]);
});
