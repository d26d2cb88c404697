// `npm run maintenance -- on|off|status`: switches maintenance mode for every API process (ADR 003).
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { SystemClock } from '#src/repositories/clock.repository.ts';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { MaintenanceService } from '#src/services/maintenance.service.ts';

const USAGE = 'Usage: npm run maintenance -- on|off|status';

const action = process.argv[2];
if (action === '--help' || action === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (action !== 'on' && action !== 'off' && action !== 'status') {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl });
try {
  await migrateToLatest(database.db);
  const maintenance = new MaintenanceService(new SettingRepository(database.db), new SystemClock(), false);
  if (action !== 'status') await maintenance.setMaintenance(action === 'on');
  const on = await maintenance.isOn();
  console.log(`maintenance is ${on ? 'ON' : 'off'}${config.maintenance ? ' (forced on by MANGA_MAINTENANCE)' : ''}`);
} finally {
  await database.close();
}
