// Membership cards: the card template images, served by link.
import { defineServerModule } from '../../platform/serverModule';
import { cardTemplateRoutes } from './cardTemplate';

export const cardsModule = defineServerModule({
  name: 'cards',
  routes: (app, { db }) => cardTemplateRoutes(app, db),
});
