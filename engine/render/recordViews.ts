// The props a registered view (engine/definition/views.ts) is drawn with inside a record page's section,
// and the registry type the app fills: one component per registered name, or it does not compile.
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { NavigatorStep } from '../definition/recordPage';
import type { RecordSection } from '../definition/screen';
import type { ScreenDefinition } from '../definition/screen';
import type { NavigatorName, ViewName } from '../definition/views';

export interface RecordViewProps {
  /** The record page's list screen. */
  screen: ScreenDefinition;
  /** The record as the page holds it: its summary and the section's own values (as last saved). */
  record: Record<string, unknown>;
  section: RecordSection;
}

export type RecordView = ComponentType<RecordViewProps> | LazyExoticComponent<ComponentType<RecordViewProps>>;

export type ViewRegistry = Readonly<Record<ViewName, RecordView>>;

/** What a registered navigator (record.navigator) lays out: the steps of the sections the user may open, the open one, and its content. */
export interface NavigatorProps {
  screen: ScreenDefinition;
  /** The record's summary (what the list and the heading show). */
  record: Record<string, unknown>;
  steps: NavigatorStep[];
  active: RecordSection | undefined;
  onOpen(section: RecordSection): void;
  /** The open section (its form, child table or view). */
  children: ReactNode;
}

export type NavigatorView = ComponentType<NavigatorProps> | LazyExoticComponent<ComponentType<NavigatorProps>>;

export type NavigatorRegistry = Readonly<Record<NavigatorName, NavigatorView>>;
