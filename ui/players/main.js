// The players' page: what the GM shares with the table (docs/players-view.md). The app's
// players' window and a browser over HTTP load the same files; only the transport differs.
import { pickTransport } from './transport.js';
import { createView } from './view.js';

const view = createView(document);
pickTransport(window).start(view.show, view.status);
