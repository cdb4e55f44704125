/** The parts of the `smpp` package (SMPP 3.4 client and server, plain JavaScript) that lib/sms-sender.ts and the tests use. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response: (options?: Record<string, unknown>) => Pdu;
    isResponse: () => boolean;
  }

  export class PDU implements Pdu {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response: (options?: Record<string, unknown>) => Pdu;
    isResponse: () => boolean;
  }

  export class Session extends EventEmitter {
    socket: Socket;
    send: (pdu: Pdu, responseCallback?: (pdu: Pdu) => void, sendCallback?: (pdu: Pdu) => void) => boolean;
    close: (callback?: () => void) => void;
    destroy: (callback?: () => void) => void;
    pause: () => void;
    resume: () => void;
    bind_transceiver: (options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void) => boolean;
    submit_sm: (options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void) => boolean;
    deliver_sm: (options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void) => boolean;
    enquire_link: (options?: Record<string, unknown> | ((pdu: Pdu) => void), responseCallback?: (pdu: Pdu) => void) => boolean;
    unbind: (options?: Record<string, unknown> | ((pdu: Pdu) => void), responseCallback?: (pdu: Pdu) => void) => boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { host: string; port: number; auto_enquire_link_period?: number }, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  /** The package is CommonJS: it is imported as its default export. */
  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    PDU: typeof PDU;
    ESME_ROK: number;
    ESME_RBINDFAIL: number;
    ESME_RTHROTTLED: number;
    ESME_RMSGQFUL: number;
    ESME_RSYSERR: number;
  };
  export default smpp;
}
