import { ResponseCode } from '@manga/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '#src/rules/domain.error.ts';
import type { MaintenanceService } from '#src/services/maintenance.service.ts';

export default fp(
  async function maintenancePlugin(app: FastifyInstance, options: { maintenance: MaintenanceService }) {
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.maintenance === false) return;
      if (await options.maintenance.isOn()) {
        throw new DomainError(ResponseCode.ServerMaintenance, 'The service is under maintenance.');
      }
    });
  },
  { name: 'maintenance' },
);
