// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rules that keep a phone's start fast and the web app on one data layer are lint rules
// (eslint.config.js, decision 076): each is held here to fail on a deliberate violation, at the
// paths it guards, and to leave alone what it does not guard.

const root = path.resolve(import.meta.dirname, '../../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the repository). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// The first lint loads the parsers and plugins: seconds on a busy machine.
describe("the start's lint rules", { timeout: 60_000 }, () => {
  it.each([
    ['Tooltip', 'apps/web/src/app/routes/store/home.tsx', "import Tooltip from '@mui/material/Tooltip';\nexport const T = Tooltip;\n"],
    ['Tabs', 'apps/web/src/app/routes/driver/home.tsx', "import Tabs from '@mui/material/Tabs';\nexport const T = Tabs;\n"],
    ['ToggleButtonGroup', 'apps/web/src/app/routes/vendor/home/home.tsx', "import Group from '@mui/material/ToggleButtonGroup';\nexport const G = Group;\n"],
    ['Autocomplete', 'apps/web/src/components/layouts/section-layout.tsx', "import Autocomplete from '@mui/material/Autocomplete';\nexport const A = Autocomplete;\n"],
    ['barrel', 'apps/web/src/app/routes/auth/login.tsx', "import { Button } from '@mui/material';\nexport const B = Button;\n"],
    ['zod', 'apps/web/src/lib/session.ts', "import { z } from 'zod';\nexport const s = z.string();\n"],
    ['Autocomplete on /Sell', 'apps/web/src/features/sell/components/city-field.tsx', "import Autocomplete from '@mui/material/Autocomplete';\nexport const A = Autocomplete;\n"],
  ])('refuse an import of %s in %s', async (_what, file, code) => {
    const found = await violations(file, code);
    expect(found.some((message) => message.startsWith('@typescript-eslint/no-restricted-imports') && message.includes('decision 076'))).toBe(true);
  });

  it("allow a type from zod, and MUI's components on pages that are no phone's start", async () => {
    expect(await violations('apps/web/src/data/orders.ts', "import type { z } from 'zod';\nexport type S = z.ZodString;\n")).toEqual([]);
    expect(await violations('apps/web/src/app/routes/admin/orders/orders.tsx', "import Tooltip from '@mui/material/Tooltip';\nexport const T = Tooltip;\n")).toEqual([]);
  });

  it('refuse an Intl object made at module load, and allow one made in a function', async () => {
    const atLoad = await violations('packages/shared/src/format.ts', "export const grouped = new Intl.NumberFormat('en-IN');\n");
    expect(atLoad.some((message) => message.startsWith('no-restricted-syntax') && message.includes('Intl'))).toBe(true);
    const inFunction = await violations('packages/shared/src/format.ts', "export const grouped = (value: number) => new Intl.NumberFormat('en-IN').format(value);\n");
    expect(inFunction).toEqual([]);
  });

  it('refuse the API client outside the data layer', async () => {
    const found = await violations('apps/web/src/features/orders/components/orders-board.tsx', "import { api } from '@/lib/api-client';\nexport const a = api;\n");
    expect(found.some((message) => message.startsWith('@typescript-eslint/no-restricted-imports') && message.includes('src/data'))).toBe(true);
    expect(await violations('apps/web/src/app/routes/store/home.tsx', "import { api } from '@/lib/api-client';\nexport const a = api;\n")).not.toEqual([]);
  });
});
