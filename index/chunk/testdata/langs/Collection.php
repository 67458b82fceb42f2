<?php

namespace Illuminate\Support;

use Illuminate\Contracts\Support\Arrayable;
use Closure;

/**
 * A collection.
 */
class Collection extends Base implements Arrayable
{
    use Macroable;

    const LIMIT = 10;

    /**
     * Map the items.
     */
    public function map(callable $callback): static
    {
        return new static(Arr::map($this->items, $callback));
    }

    public static function make($items = []) { return new static($items); }
}

interface Enumerable { public function all(); }

trait Macroable { public function macro($name) { static::$macros[$name] = 1; } }

enum Suit: string { case Hearts = 'H'; public function color() { return 'red'; } }

function collect($value = []) { return new Collection($value); }
