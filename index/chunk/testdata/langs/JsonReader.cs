using System;
using System.Collections.Generic;

namespace Newtonsoft.Json
{
    /// <summary>
    /// Reads JSON.
    /// </summary>
    public class JsonReader : IDisposable
    {
        private int _depth;
        public int Depth { get { return _depth; } }

        /// <summary>Reads the next token.</summary>
        public virtual bool Read()
        {
            return ReadInternal(_depth) && Helper.Check(this);
        }

        public JsonReader() { }
    }

    public interface IJsonLineInfo
    {
        bool HasLineInfo();
    }

    public enum Formatting { None, Indented }

    public struct Pt { public int X; }

    public record Rec(int A);
}
