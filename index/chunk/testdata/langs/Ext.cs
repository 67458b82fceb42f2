using System;
namespace Foo.Bar;

public static class Ext
{
    public static string Go(this string s) => s.Trim();
}
