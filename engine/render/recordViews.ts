// The props a registered view (engine/definition/views.ts) is drawn with inside a record page's section,
// and the registry type the app fills: one component per registered name, or it does not compile.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RecordSection } from '../definition/recordPage';
import type { ScreenDefinition } from '../definition/screen';
import type { ViewName } from '../definition/views';

export interface RecordViewProps {
  /** The record page's list screen. */
  screen: ScreenDefinition;
  /** The record as the page holds it: its summary and the section's own values (as last saved). */
  record: Record<string, unknown>;
  section: RecordSection;
}

export type RecordView = ComponentType<RecordViewProps> | LazyExoticComponent<ComponentType<RecordViewProps>>;

export type ViewRegistry = Readonly<Record<ViewName, RecordView>>;
