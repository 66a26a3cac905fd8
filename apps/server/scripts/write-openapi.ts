/** Writes apps/server/openapi.json from the live route schemas (`npm run openapi`). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateOpenApi, OPENAPI_FILE } from '../test/openapi.ts';

const document = await generateOpenApi();
writeFileSync(path.resolve(OPENAPI_FILE), `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${OPENAPI_FILE}`);
