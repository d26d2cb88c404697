import { getAccountPoint, listReservationFlow, listTicketFlow } from '@manga/api-client';
import { parseWireDateTime } from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { env } from '#app/env.server.ts';
import { pageNumber, pageWindow } from '#app/features/catalogue/paging.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import {
  pagedList,
  RESERVATION_PAGE_SIZE,
  RESERVATION_PARAM,
  TICKET_HISTORY_PAGE_SIZE,
  TICKET_HISTORY_PARAM,
  type TicketPageData,
  toReservation,
} from './ticket-page.ts';
import { toPremiumTickets, toTicketMovement } from './wallet.ts';
import { failWalletLoad } from './wallet-load.server.ts';

type Context = Readonly<RouterContextProvider>;

/** Premium tickets, one page of ticket movements (`?history_page=`) and of reservations (`?reservation_page=`). */
export async function loadTicketPage(request: Request, context: Context, url: URL): Promise<TicketPageData> {
  const api = apiFor(request, context);
  const historyPage = pageNumber(url.searchParams.get(TICKET_HISTORY_PARAM));
  const reservationPage = pageNumber(url.searchParams.get(RESERVATION_PARAM));
  const isoOf = (wire: string) => parseWireDateTime(wire, env.wireTimeZone)?.toISOString();
  try {
    const [point, flow, reservations] = await Promise.all([
      getAccountPoint(api),
      listTicketFlow(api, pageWindow(historyPage, TICKET_HISTORY_PAGE_SIZE)),
      listReservationFlow(api, pageWindow(reservationPage, RESERVATION_PAGE_SIZE)),
    ]);
    return {
      tickets: toPremiumTickets(point, env.wireTimeZone),
      history: pagedList(
        flow.ticket_flow_list.map((movement, index) => toTicketMovement(movement, index, env.wireTimeZone)),
        historyPage,
        TICKET_HISTORY_PAGE_SIZE,
      ),
      reservations: pagedList(
        reservations.reservation_flow_list.map((reservation) => toReservation(reservation, isoOf)),
        reservationPage,
        RESERVATION_PAGE_SIZE,
      ),
    };
  } catch (error) {
    failWalletLoad(error, context, url);
  }
}
