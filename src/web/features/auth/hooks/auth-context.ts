import { createContext } from 'react';
import type { SessionState, SessionUser } from '../lib/session-store.ts';

export interface AuthContextValue extends SessionState {
  isAuthenticated: boolean;
  login(email: string, password: string): Promise<SessionUser>;
  logout(): Promise<void>;
  refresh(): Promise<string | null>;
  setUser(patch: Partial<Omit<SessionUser, 'id' | 'userType'>>): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
