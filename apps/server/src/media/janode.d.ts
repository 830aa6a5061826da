// The part of janode (Meetecho's Node adapter for Janus, plain JavaScript) that LabLive calls.
declare module 'janode' {
  export type Jsep = { type: 'offer' | 'answer'; sdp: string; trickle?: boolean };
  export type PluginDescriptor<H> = {
    id: string;
    Handle: new (...args: never[]) => H;
    EVENT: Record<string, string>;
  };
  export interface JanodeHandle {
    id: number;
    detach(): Promise<void>;
    hangup(): Promise<void>;
    on(event: string, listener: (data: unknown) => void): this;
    once(event: string, listener: (data: unknown) => void): this;
  }
  export interface JanodeSession {
    id: number;
    attach<H>(plugin: PluginDescriptor<H>): Promise<H>;
    destroy(): Promise<void>;
    on(event: string, listener: (data: unknown) => void): this;
  }
  export interface JanodeConnection {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
    on(event: string, listener: (data: unknown) => void): this;
    once(event: string, listener: (data: unknown) => void): this;
  }
  type ConnectOptions = {
    address: { url: string; apisecret?: string } | { url: string; apisecret?: string }[];
    retry_time_secs?: number;
    max_retries?: number;
    is_admin?: boolean;
  };
  const Janode: {
    connect(options: ConnectOptions): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): string };
    EVENT: Record<
      | 'CONNECTION_CLOSED'
      | 'CONNECTION_ERROR'
      | 'SESSION_DESTROYED'
      | 'HANDLE_DETACHED'
      | 'HANDLE_HANGUP'
      | 'HANDLE_ICE_FAILED'
      | 'HANDLE_WEBRTCUP',
      string
    >;
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, Jsep } from 'janode';
  export type VideoRoomErrorCode = number;
  export interface VideoRoomHandle extends JanodeHandle {
    create(options: {
      room: number;
      description?: string;
      max_publishers?: number;
      secret?: string;
      admin_key?: string;
      bitrate?: number;
      bitrate_cap?: boolean;
      fir_freq?: number;
      videocodec?: string;
      audiocodec?: string;
      is_private?: boolean;
      permanent?: boolean;
    }): Promise<{ room: number }>;
    destroy(options: { room: number; secret?: string }): Promise<unknown>;
    exists(options: { room: number }): Promise<{ room: number; exists: boolean }>;
    kick(options: { room: number; feed: number; secret?: string }): Promise<unknown>;
    listParticipants(options: { room: number; secret?: string }): Promise<{
      room: number;
      participants: { feed: number; display?: string; publisher: boolean }[];
    }>;
    list(options?: { admin_key?: string }): Promise<{ list: { room: number; num_participants: number }[] }>;
    joinConfigurePublisher(options: {
      room: number;
      feed: number;
      display?: string;
      audio?: boolean;
      video?: boolean;
      jsep: Jsep;
    }): Promise<{ feed: number; jsep?: Jsep }>;
    unpublish(): Promise<unknown>;
    /** Janus 1.x multistream: each stream its feed and, for simulcast, its layer and fallback (µs). */
    joinSubscriber(options: {
      room: number;
      streams: { feed: number; mid?: string; substream?: number; fallback?: number }[];
    }): Promise<{ jsep?: Jsep }>;
    start(options: { jsep: Jsep }): Promise<unknown>;
    configure(options: {
      streams: { mid: string; substream?: number; temporal?: number }[];
    }): Promise<unknown>;
  }
  const VideoRoomPlugin: import('janode').PluginDescriptor<VideoRoomHandle>;
  export default VideoRoomPlugin;
}
