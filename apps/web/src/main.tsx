// The app's page (index.html): every address but the sign-in's (login.html, sign-in.ts).
import { startApp } from './app/start';

startApp();
