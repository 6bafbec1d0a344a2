// Entry point of the window (a module script, so it runs once the page is parsed).
import { startApp } from './app/shell.js';

startApp(document);
