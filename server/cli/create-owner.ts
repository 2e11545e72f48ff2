// `npm run owner:create [username]`: creates an owner account for the owner's desk (/owner).
// Asks for the password without echoing it; scripts can pipe the answers on stdin, one a line.
import fs from 'node:fs';
import { loadEnvOrExit } from '../env';
import { runCreateOwner } from './create-owner-command';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const code = await runCreateOwner({
  args: process.argv.slice(2),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: loadEnvOrExit(),
});
if (code !== 0) process.exit(code);
